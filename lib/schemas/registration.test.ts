import metadata from "libphonenumber-js/min/metadata";
import { describe, expect, it } from "vitest";
import { normalizePhone } from "../phone";
import { createPhoneNormalizer } from "../phone-rules";
import {
  checkPersonalRegistration,
  companyRegistrationProblems,
  companyRegistrationSchema,
  personalRegistrationProblems,
  personalRegistrationSchema,
} from "./registration";

const PASSWORD = "Correct-Horse-9";
const personal = (fields: Record<string, string>) =>
  personalRegistrationSchema.parse({ refToken: "token", ...fields });

describe("registration problems", () => {
  it("lists one problem for every field, in the order the rules are checked", () => {
    const input = personal({ email: "not-an-email", confirmEmail: "other@example.com", password: "short" });
    expect(personalRegistrationProblems(input, normalizePhone)).toEqual([
      { field: "firstName", key: "requiredFields" },
      { field: "lastName", key: "requiredFields" },
      { field: "confirmPassword", key: "requiredFields" },
      { field: "phone", key: "phoneRequired" },
      { field: "confirmEmail", key: "emailsDoNotMatch" },
      { field: "password", key: "passwordPolicy" },
      { field: "email", key: "invalidEmail" },
    ]);
  });

  it("answers the API with the first problem only, and null when all is well", () => {
    const valid = personal({
      firstName: "Petra",
      lastName: "Personal",
      email: "petra@example.com",
      confirmEmail: "PETRA@example.com",
      phone: "+49 151 23456789",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(checkPersonalRegistration(valid, normalizePhone)).toBeNull();
    expect(checkPersonalRegistration({ ...valid, confirmPassword: "x" }, normalizePhone)).toEqual({
      field: "confirmPassword",
      key: "passwordsDoNotMatch",
    });
  });

  it("checks both company phones on their own countries", () => {
    const input = companyRegistrationSchema.parse({
      refToken: "token",
      companyName: "Beispiel AG",
      companyEmail: "info@example.com",
      confirmCompanyEmail: "info@example.com",
      companyPhone: "044 668 18",
      companyPhoneCountry: "CH",
      contactPersonName: "Karl",
      contactPersonPhone: "0664 1234567",
      contactPersonPhoneCountry: "AT",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(companyRegistrationProblems(input, normalizePhone)).toEqual([
      { field: "companyPhone", key: "companyPhone.tooShort" },
    ]);
  });
});

describe("phone rules on the small metadata", () => {
  const normalizeMin = createPhoneNormalizer(metadata);

  it("normalizes like the full rules for ordinary numbers", () => {
    for (const [raw, country] of [
      ["0664 1234567", "AT"],
      ["+49 151 23456789", "DE"],
      ["0041 44 668 18 00", "DE"],
    ] as const) {
      expect(normalizeMin(raw, country)).toEqual(normalizePhone(raw, country));
    }
    expect(normalizeMin("", "DE")).toEqual({ ok: false, problem: "required" });
    expect(normalizeMin("0151", "DE")).toEqual({ ok: false, problem: "tooShort" });
  });
});
