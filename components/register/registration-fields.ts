import metadata from "libphonenumber-js/min/metadata";
import type { Country } from "react-phone-number-input";
import { z } from "zod";
import type { ApiProblem } from "@/lib/api/problem";
import { createPhoneNormalizer } from "@/lib/phone-rules";
import {
  companyRegistrationProblems,
  companyRegistrationSchema,
  personalRegistrationProblems,
  personalRegistrationSchema,
  type RegistrationProblem,
} from "@/lib/schemas/registration";

import type { AccountType } from "@/lib/vocabulary";

/**
 * The phone rules on the small metadata: the browser checks lengths, the API (full metadata)
 * also the number patterns, and its answer lands on the same field.
 */
const normalizePhoneInBrowser = createPhoneNormalizer(metadata);

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

/** Problems as zod issues on their fields, so a resolver puts each message beside its field. */
function withProblems<S extends z.ZodType>(
  schema: S,
  problems: (input: z.output<S>) => RegistrationProblem[],
) {
  return schema.superRefine((input, context) => {
    for (const problem of problems(input)) {
      context.addIssue({ code: "custom", path: [problem.field], message: problem.key });
    }
  });
}

/** The shared schemas with the shared rules: the form's resolver for each account type. */
export const REGISTRATION_FORM_SCHEMAS = {
  personal: withProblems(personalRegistrationSchema, (input) =>
    personalRegistrationProblems(input, normalizePhoneInBrowser),
  ),
  company: withProblems(companyRegistrationSchema, (input) =>
    companyRegistrationProblems(input, normalizePhoneInBrowser),
  ),
} satisfies Record<AccountType, z.ZodType>;

/** The field an e-mail conflict (409) belongs to. */
const EMAIL_FIELD: Record<AccountType, string> = { personal: "email", company: "companyEmail" };

/** A 422's details: the field the API's check refused, and the message key. */
const validationDetailsSchema = z.object({ field: z.string().optional(), key: z.string() });

/** What the form does with the API's answer: a field's problem goes beside that field. */
export type SubmitOutcome =
  | { kind: "success" }
  | { kind: "linkGone" }
  | { kind: "field"; field: string; key: string }
  | { kind: "general"; message: string };

/** Reads a refused registration: which field it is about, if any. */
export function outcomeOf(
  problem: Pick<ApiProblem, "status" | "details">,
  type: AccountType,
): SubmitOutcome | { kind: "unknown" } {
  if (problem.status === 404 || problem.status === 410) return { kind: "linkGone" };
  if (problem.status === 409) return { kind: "field", field: EMAIL_FIELD[type], key: "emailInUse" };
  if (problem.status === 422) {
    const details = validationDetailsSchema.safeParse(problem.details);
    if (details.success && details.data.field)
      return { kind: "field", field: details.data.field, key: details.data.key };
  }
  return { kind: "unknown" };
}
