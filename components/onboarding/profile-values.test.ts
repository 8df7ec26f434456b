import { zodResolver } from "@hookform/resolvers/zod";
import type { ResolverOptions } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PhoneValue } from "@/components/forms/phone-field";
import { type PersonalProfileInput, personalProfileSchema } from "@/lib/schemas/profile";
import { fromInternationalPhone, toInternationalPhone } from "./profile-phone-field";
import { clearDraft, fromSavedProfile, type ProfileValues, readDraft, writeDraft } from "./profile-values";
import { mappedResolver } from "./use-profile-form";

const defaults = {
  dateOfBirth: "",
  city: "",
  phone: { country: "DE" as const, number: "" },
  iban: "",
};

describe("toInternationalPhone (profile phones)", () => {
  it("prefixes the country's code and drops a leading 0, spaces and dashes", () => {
    expect(toInternationalPhone({ country: "AT", number: "0664 123-4567" })).toBe("+436641234567");
  });
  it("keeps + numbers and turns 00 into +", () => {
    expect(toInternationalPhone({ country: "DE", number: "+41 44 668 18 00" })).toBe("+41446681800");
    expect(toInternationalPhone({ country: "DE", number: "0041 44 668 18 00" })).toBe("+41446681800");
  });
  it("leaves a blank number blank (optional phones)", () => {
    expect(toInternationalPhone({ country: "DE", number: "  " })).toBe("");
  });
  it("reads a stored number back with its country, unchanged when sent again", () => {
    const value = fromInternationalPhone("+390612345678");
    expect(value.country).toBe("IT");
    expect(toInternationalPhone(value)).toBe("+390612345678");
  });
  it("reads the country from the calling code alone (the phone library loads later) and keeps odd values", () => {
    expect(fromInternationalPhone("+43 664 1234567")).toEqual({ country: "AT", number: "+436641234567" });
    expect(fromInternationalPhone("+14165551234")).toEqual({ country: "US", number: "+14165551234" });
    expect(fromInternationalPhone("+999123")).toEqual({ country: "DE", number: "+999123" });
    expect(fromInternationalPhone("0664 1234567")).toEqual({ country: "DE", number: "0664 1234567" });
  });
  it("sends a number typed before the phone field had loaded like the field's own E.164", () => {
    expect(toInternationalPhone({ country: "CH", number: "044 668 18 00" })).toBe("+41446681800");
    expect(toInternationalPhone({ country: "US", number: "(212) 555-0100" })).toBe("+12125550100");
  });
});

describe("fromSavedProfile", () => {
  it("takes known fields, shortens timestamps to dates, never the masked IBAN", () => {
    const values = fromSavedProfile(
      defaults,
      {
        dateOfBirth: "1990-05-01T00:00:00.000Z",
        city: "Wien",
        phone: "+436641234567",
        iban: "AT61 **** 3774",
        other: 1,
      },
      ["iban"],
    );
    expect(values).toEqual({
      dateOfBirth: "1990-05-01",
      city: "Wien",
      phone: { country: "AT", number: "+436641234567" },
    });
  });
});

describe("profile draft", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("stores what was typed without the IBAN and restores only well-formed fields", () => {
    const store = new Map<string, string>();
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (key: string) => store.get(key) ?? null,
        setItem: (key: string, value: string) => store.set(key, value),
        removeItem: (key: string) => store.delete(key),
      },
    });
    writeDraft(
      "draft",
      { city: "Graz", iban: "AT611904300234573201", phone: { country: "AT", number: "0664" } },
      ["iban"],
    );
    expect(store.get("draft")).not.toContain("AT61");
    store.set("draft", JSON.stringify({ ...JSON.parse(store.get("draft") ?? "{}"), dateOfBirth: 5 }));
    expect(readDraft("draft", defaults, ["iban"])).toEqual({
      city: "Graz",
      phone: { country: "AT", number: "0664" },
    });
    clearDraft("draft");
    expect(readDraft("draft", defaults, ["iban"])).toEqual({});
  });
});

describe("mappedResolver with the shared personal schema", () => {
  const resolver = mappedResolver(
    zodResolver(personalProfileSchema),
    (values: ProfileValues) =>
      ({ ...values, phone: toInternationalPhone(values.phone as PhoneValue) }) as PersonalProfileInput,
  );
  const options = { fields: {}, shouldUseNativeValidation: false } as unknown as ResolverOptions<never>;
  const complete = {
    dateOfBirth: "1990-05-01",
    nationality: "AT",
    address: "Hauptstraße 1",
    zipCode: "1010",
    city: "Wien",
    country: "Österreich",
    phone: { country: "AT", number: "0664 1234567" },
    phoneSecondary: "",
    emergencyContactName: "",
    emergencyContactPhone: "",
    accountHolderName: "Anna Muster",
    iban: "at61 1904 3002 3457 3201",
    referralEmail: "",
  };

  it("gives the API's body: international phone, normalised IBAN", async () => {
    const result = await resolver(complete as never, undefined, options as never);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ phone: "+436641234567", iban: "AT611904300234573201" });
  });

  it("reports message keys at the form's field names", async () => {
    const result = await resolver(
      { ...complete, city: " ", phone: { country: "AT", number: "12" } } as never,
      undefined,
      options as never,
    );
    expect(result.errors).toMatchObject({
      city: { message: "requiredFields" },
      phone: { message: "invalidPhone" },
    });
  });
});
