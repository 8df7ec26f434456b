import metadata from "libphonenumber-js/min/metadata";
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
import type { SubmitOutcome } from "./registration-fields";

export { referralInfoSchema } from "@/lib/schemas/referrals";
export { registrationResponseSchema } from "@/lib/schemas/registration";

/**
 * The phone rules on the small metadata: the browser checks lengths, the API (full metadata)
 * also the number patterns, and its answer lands on the same field.
 */
const normalizePhoneInBrowser = createPhoneNormalizer(metadata);

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
