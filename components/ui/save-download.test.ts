import { describe, expect, it } from "vitest";
import { filenameFromDisposition } from "./save-download";

describe("filenameFromDisposition", () => {
  it("prefers the UTF-8 name (RFC 6266) over the plain one", () => {
    expect(
      filenameFromDisposition(
        `attachment; filename="Partnervereinbarung.pdf"; filename*=UTF-8''Partnervereinbarung%20f%C3%BCr%20Unternehmen.pdf`,
      ),
    ).toBe("Partnervereinbarung für Unternehmen.pdf");
  });

  it("reads a quoted or bare plain name", () => {
    expect(filenameFromDisposition('attachment; filename="contract v2.pdf"')).toBe("contract v2.pdf");
    expect(filenameFromDisposition("attachment; filename=contract.pdf")).toBe("contract.pdf");
  });

  it("falls back to the plain name when the encoded one is malformed", () => {
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="fallback.pdf"`)).toBe(
      "fallback.pdf",
    );
  });

  it("gives null without a header or a name", () => {
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition("attachment")).toBeNull();
  });
});
