import { getCountries, getCountryCallingCode } from "libphonenumber-js/min";
import metadata from "libphonenumber-js/min/metadata";
import { describe, expect, it } from "vitest";
import { callingCodeOf, countryOfInternational, DEFAULT_COUNTRY, isPhoneCountry } from "./phone-countries";

describe("phone countries without the phone library", () => {
  it("know every country of the library's metadata with its calling code, and no other", () => {
    for (const country of getCountries()) {
      expect(callingCodeOf(country), country).toBe(`+${getCountryCallingCode(country)}`);
      expect(isPhoneCountry(country), country).toBe(true);
    }
    const known = Object.keys(metadata.countries);
    expect(known.filter((country) => !isPhoneCountry(country))).toEqual([]);
    for (const value of ["XX", "001", "de", "", null, 49]) expect(isPhoneCountry(value)).toBe(false);
    expect(callingCodeOf("XX")).toBeUndefined();
  });

  it("take a calling code's main country as the library's metadata lists it", () => {
    for (const [code, countries] of Object.entries(metadata.country_calling_codes)) {
      const main = countries.find((country) => (country as string) !== "001");
      expect(countryOfInternational(`+${code}123456789`), code).toBe(main);
    }
  });

  it("read a saved number's country from its calling code", () => {
    expect(countryOfInternational("+436641234567")).toBe("AT");
    expect(countryOfInternational("+49 151 23456789")).toBe("DE");
    expect(countryOfInternational("+390612345678")).toBe("IT");
    expect(countryOfInternational("+14165551234")).toBe("US");
    expect(countryOfInternational("+3581234")).toBe("FI");
    expect(countryOfInternational("06641234567")).toBeUndefined();
    expect(countryOfInternational("+999123")).toBeUndefined();
    expect(countryOfInternational("")).toBeUndefined();
    expect(isPhoneCountry(DEFAULT_COUNTRY)).toBe(true);
  });
});
