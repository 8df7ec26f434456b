import type { Country } from "react-phone-number-input";
import type { AccountType } from "@/lib/vocabulary";

// The registration form's fields, without zod: the page paints them at once, and the checks
// (registration-schemas.ts) load when the form is first used.

type TextField = {
  name: string;
  kind: "text" | "email" | "password";
  autoComplete: string;
  maxLength?: number;
};
type PhoneFieldSpec = { name: string; kind: "phone"; countryName: string; autoComplete: string };
export type RegistrationField = TextField | PhoneFieldSpec;

const passwords: RegistrationField[] = [
  { name: "password", kind: "password", autoComplete: "new-password" },
  { name: "confirmPassword", kind: "password", autoComplete: "new-password" },
];

/** The fields of each account type in the order they are shown (and checked). */
export const REGISTRATION_FIELDS: Record<AccountType, RegistrationField[]> = {
  personal: [
    { name: "firstName", kind: "text", autoComplete: "given-name", maxLength: 100 },
    { name: "lastName", kind: "text", autoComplete: "family-name", maxLength: 100 },
    { name: "email", kind: "email", autoComplete: "email", maxLength: 254 },
    { name: "confirmEmail", kind: "email", autoComplete: "email", maxLength: 254 },
    { name: "phone", kind: "phone", countryName: "phoneCountry", autoComplete: "tel" },
    ...passwords,
  ],
  company: [
    { name: "companyName", kind: "text", autoComplete: "organization", maxLength: 200 },
    { name: "companyEmail", kind: "email", autoComplete: "email", maxLength: 254 },
    { name: "confirmCompanyEmail", kind: "email", autoComplete: "email", maxLength: 254 },
    { name: "companyPhone", kind: "phone", countryName: "companyPhoneCountry", autoComplete: "work tel" },
    { name: "contactPersonName", kind: "text", autoComplete: "name", maxLength: 200 },
    {
      name: "contactPersonPhone",
      kind: "phone",
      countryName: "contactPersonPhoneCountry",
      autoComplete: "tel",
    },
    ...passwords,
  ],
};

/** The form's values: every field a string, the phone countries included. */
export type RegistrationValues = Record<string, string>;

export function emptyValues(type: AccountType, country: Country): RegistrationValues {
  const values: RegistrationValues = {};
  for (const field of REGISTRATION_FIELDS[type]) {
    values[field.name] = "";
    if (field.kind === "phone") values[field.countryName] = country;
  }
  return values;
}

/** What the form does with the API's answer: a field's problem goes beside that field. */
export type SubmitOutcome =
  | { kind: "success" }
  | { kind: "linkGone" }
  | { kind: "field"; field: string; key: string }
  | { kind: "general"; message: string };
