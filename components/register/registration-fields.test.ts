import { describe, expect, it } from "vitest";
import { emptyValues, REGISTRATION_FIELDS } from "./registration-fields";
import { outcomeOf, REGISTRATION_FORM_SCHEMAS } from "./registration-schemas";

const PASSWORD = "Correct-Horse-9";

describe("registration form schemas", () => {
  it("put each problem on its own field, an empty phone included", () => {
    const values = { ...emptyValues("company", "AT"), refToken: "token", companyName: "Uhren AG" };
    const result = REGISTRATION_FORM_SCHEMAS.company.safeParse(values);
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(
      result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [],
    );
    expect(byField).toEqual({
      companyEmail: "requiredFields",
      confirmCompanyEmail: "requiredFields",
      contactPersonName: "requiredFields",
      password: "requiredFields",
      confirmPassword: "requiredFields",
      companyPhone: "companyPhoneRequired",
      contactPersonPhone: "contactPhoneRequired",
    });
  });

  it("accept a complete personal registration and read the number in its country", () => {
    const values = {
      ...emptyValues("personal", "AT"),
      refToken: "token",
      firstName: "Anna",
      lastName: "Alpen",
      email: "anna@example.com",
      confirmEmail: "anna@example.com",
      phone: "+436641234567",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    };
    const result = REGISTRATION_FORM_SCHEMAS.personal.safeParse(values);
    expect(result.success).toBe(true);
    expect(result.data?.phoneCountry).toBe("AT");
    const short = REGISTRATION_FORM_SCHEMAS.personal.safeParse({ ...values, phone: "+43664" });
    expect(short.error?.issues).toMatchObject([{ path: ["phone"], message: "phone.tooShort" }]);
  });

  it("give every phone a country field that starts at the visitor's country", () => {
    expect(emptyValues("company", "CH")).toMatchObject({
      companyPhoneCountry: "CH",
      contactPersonPhoneCountry: "CH",
    });
    const names = REGISTRATION_FIELDS.personal.map((field) => field.name);
    expect(names).toEqual([
      "firstName",
      "lastName",
      "email",
      "confirmEmail",
      "phone",
      "password",
      "confirmPassword",
    ]);
  });
});

describe("the API's answer to a registration", () => {
  it("lands on the field it is about", () => {
    expect(outcomeOf({ status: 409, details: undefined }, "company")).toEqual({
      kind: "field",
      field: "companyEmail",
      key: "emailInUse",
    });
    expect(
      outcomeOf({ status: 422, details: { field: "phone", key: "phone.invalidNumber" } }, "personal"),
    ).toEqual({ kind: "field", field: "phone", key: "phone.invalidNumber" });
    expect(outcomeOf({ status: 410, details: undefined }, "personal")).toEqual({ kind: "linkGone" });
    expect(outcomeOf({ status: 422, details: { key: "invalidData" } }, "personal")).toEqual({
      kind: "unknown",
    });
    expect(outcomeOf({ status: 503, details: undefined }, "personal")).toEqual({ kind: "unknown" });
  });
});
