import { describe, expect, it } from "vitest";
import { companyProfileSchema, personalProfileSchema } from "./profile";

const personal = (iban: string) => ({
  dateOfBirth: "1990-04-12",
  nationality: "German",
  address: "Hauptstraße 1",
  zipCode: "10115",
  city: "Berlin",
  country: "DE",
  accountHolderName: "Erika Mustermann",
  iban,
});

const company = (iban: string) => ({
  companyPhone: "030 1234567",
  address: "Industriestraße 5",
  zipCode: "80331",
  city: "München",
  country: "DE",
  branch: "Retail",
  numberOfEmployees: 12,
  registrationNumber: "HRB 12345",
  accountHolderName: "Acme GmbH",
  iban,
});

const ibanIssues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  (result.error?.issues ?? [])
    .filter((issue) => issue.path.join(".") === "iban")
    .map((issue) => issue.message);

// Each of these passes the mod-97 checksum; only the country's rules tell them apart.
const checksumOnly = [
  ["a German IBAN two characters short (20)", "DE863704004405320130"],
  ["a German IBAN three characters long (25)", "DE51370400440532013000123"],
  ["a country that issues no IBANs", "XX46370400440532013000"],
  ["a letter where Germany has only digits", "DE0537040044053201300A"],
] as const;

describe("IBANs that only pass the checksum: the shared profile schema", () => {
  it.each(checksumOnly)("refuses %s with invalidIban, for personal and company profiles", (_case, iban) => {
    expect(ibanIssues(personalProfileSchema.safeParse(personal(iban)))).toEqual(["invalidIban"]);
    expect(ibanIssues(companyProfileSchema.safeParse(company(iban)))).toEqual(["invalidIban"]);
  });

  it.each([
    ["DE89 3704 0044 0532 0130 00", "DE89370400440532013000"],
    ["at61 1904 3002 3457 3201", "AT611904300234573201"],
    ["CH9300762011623852957", "CH9300762011623852957"],
    ["GB29 NWBK 6016 1331 9268 19", "GB29NWBK60161331926819"],
  ])("accepts the valid IBAN %s, stored as %s", (input, stored) => {
    const result = personalProfileSchema.safeParse(personal(input));
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    expect(result.data?.iban).toBe(stored);
  });

  it("refuses a valid IBAN with one digit changed (checksum)", () => {
    expect(ibanIssues(personalProfileSchema.safeParse(personal("DE89370400440532013001")))).toEqual([
      "invalidIban",
    ]);
  });
});
