import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Input, Textarea } from "./input";
import { Select } from "./select";
import { inputClass } from "./styles";

describe("the kit's inputs", () => {
  it("carry the input style alone when given no classes", () => {
    expect(renderToStaticMarkup(<Input type="email" id="e" />)).toBe(
      `<input type="email" id="e" class="${inputClass}"/>`,
    );
    expect(renderToStaticMarkup(<Textarea rows={3} />)).toBe(
      `<textarea rows="3" class="${inputClass}"></textarea>`,
    );
  });

  it("put extra classes after the input style", () => {
    expect(renderToStaticMarkup(<Input className="font-mono" />)).toBe(
      `<input class="${inputClass} font-mono"/>`,
    );
  });

  it("a plain select keeps its options and attributes", () => {
    const html = renderToStaticMarkup(
      <Select aria-label="Version" className="text-sm" defaultValue="b">
        <option value="a">A</option>
        <option value="b">B</option>
      </Select>,
    );
    expect(html).toContain(`<select aria-label="Version" class="${inputClass} text-sm">`);
    expect(html).toContain('<option value="b" selected="">B</option>');
  });
});
