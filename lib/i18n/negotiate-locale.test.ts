import { describe, expect, it } from "vitest";
import { negotiateLocale, resolveLocale } from "./negotiate-locale";

describe("negotiateLocale (a first visit's language from Accept-Language)", () => {
  it("takes the browser's first language the app speaks", () => {
    expect(negotiateLocale("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(negotiateLocale("fr-FR,en;q=0.5")).toBe("en");
    expect(negotiateLocale("de-AT")).toBe("de");
    expect(negotiateLocale("EN-gb, de;q=0.9")).toBe("en");
  });

  it("orders by weight, not by position, and skips what the browser refuses (q=0)", () => {
    expect(negotiateLocale("en;q=0.4, de;q=0.8")).toBe("de");
    expect(negotiateLocale("de;q=0, en-US;q=0.2")).toBe("en");
    expect(negotiateLocale("fr, de ; q=0.7")).toBe("de");
  });

  it("falls back to English when nothing matches, and for a missing or malformed header", () => {
    for (const header of ["fr-FR,it;q=0.8", "*", "", null, undefined, ";;,q=", "de;q=abc"]) {
      expect(negotiateLocale(header), String(header)).toBe("en");
    }
  });
});

describe("resolveLocale", () => {
  it("keeps the member's own choice (the cookie) over the browser's languages", () => {
    expect(resolveLocale("en", "de-DE,de;q=0.9")).toBe("en");
    expect(resolveLocale("de", "en-US")).toBe("de");
  });

  it("follows Accept-Language without a cookie, or with one that names no language of the app", () => {
    expect(resolveLocale(undefined, "de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(resolveLocale("fr", "de-CH")).toBe("de");
    expect(resolveLocale(undefined, null)).toBe("en");
  });
});
