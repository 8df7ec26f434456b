import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field } from "./field";

const describedByOf = (html: string) => /<input[^>]*aria-describedby="([^"]*)"/.exec(html)?.[1];

describe("Field", () => {
  it("describes its control by an outside note first, then its hint and its error", () => {
    const html = renderToStaticMarkup(
      <Field id="limit" label="Uses" hint="How often" error="Too many" describedBy="limits-note">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(describedByOf(html)).toBe("limits-note limit-hint limit-error");
  });

  it("gives a control with nothing to describe it no aria-describedby", () => {
    const html = renderToStaticMarkup(
      <Field id="plain" label="Name">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(html).not.toContain("aria-describedby");
  });
});
