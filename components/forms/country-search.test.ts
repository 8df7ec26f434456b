import { describe, expect, it } from "vitest";
import { countryOptions, matchesCountry } from "./country-search";

const [austria, switzerland] = countryOptions([
  { value: "AT", label: "Österreich" },
  { value: "CH", label: "Schweiz" },
  { label: "International" },
  { value: "DE", label: "---", divider: true },
]);

describe("country search", () => {
  it("lists countries only, each with its calling code", () => {
    expect(austria).toMatchObject({ code: "AT", name: "Österreich", callingCode: "+43" });
    expect(switzerland?.callingCode).toBe("+41");
    expect(countryOptions([{ label: "International" }])).toEqual([]);
  });

  it("finds a country by name without accents, by code, and by calling code in any form", () => {
    if (!austria) throw new Error("no option");
    for (const query of ["osterreich", "ÖSTER", "at", "43", "+43", "0043", ""]) {
      expect(matchesCountry(austria, query), query).toBe(true);
    }
    for (const query of ["schweiz", "41", "0041", "+1"]) {
      expect(matchesCountry(austria, query), query).toBe(false);
    }
  });
});
