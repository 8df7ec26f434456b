import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SignaturePad, scalePointGroups } from "./signature-pad";

describe("scalePointGroups", () => {
  it("moves every point of every stroke to the same place on the resized pad", () => {
    const groups = [
      [
        { x: 40, y: 12, time: 1 },
        { x: 400, y: 120, time: 2 },
      ],
      [{ x: 200, y: 60, time: 3 }],
    ];
    expect(scalePointGroups(groups, { width: 400, height: 120 }, { width: 280, height: 100 })).toEqual([
      [
        { x: 28, y: 10, time: 1 },
        { x: 280, y: 100, time: 2 },
      ],
      [{ x: 140, y: 50, time: 3 }],
    ]);
  });
});

describe("SignaturePad", () => {
  it("does not offer the drawing cursor before the page has set it up (strokes would be lost)", () => {
    const html = renderToStaticMarkup(
      createElement(SignaturePad, { label: "Signature field", onChange: () => {} }),
    );
    expect(html).toContain('aria-label="Signature field"');
    expect(html).not.toContain("cursor-crosshair");
    expect(html).toContain("cursor-default");
  });
});
