import type { PhoneProblem } from "../../../lib/phone-rules";
import type { RegistrationErrorKey } from "../../../lib/schemas/registration";
import type { ErrorReason } from "../../errors";

// The reason of each registration problem (its text is in messages/*.json ApiErrors); the pages
// show the translation of the problem's own key from `Register.errors`. A phone problem reads
// the same whichever phone field it is about.
const phoneProblems = {
  required: "registrationPhoneMissing",
  invalidCountry: "registrationPhoneInvalidCountry",
  tooShort: "registrationPhoneTooShort",
  tooLong: "registrationPhoneTooLong",
  invalidNumber: "registrationPhoneInvalid",
} as const satisfies Record<PhoneProblem, ErrorReason>;

type Scope = Exclude<RegistrationErrorKey, `${string}.${string}`>;

const reasons = {
  requiredFields: "registrationRequiredFields",
  phoneRequired: "registrationPhoneRequired",
  companyPhoneRequired: "registrationCompanyPhoneRequired",
  contactPhoneRequired: "registrationContactPhoneRequired",
  emailsDoNotMatch: "registrationEmailsDoNotMatch",
  companyEmailsDoNotMatch: "registrationCompanyEmailsDoNotMatch",
  passwordsDoNotMatch: "registrationPasswordsDoNotMatch",
  passwordPolicy: "registrationPasswordPolicy",
  invalidEmail: "registrationInvalidEmail",
} as const satisfies Record<Scope, ErrorReason>;

export function registrationReason(key: RegistrationErrorKey): ErrorReason {
  const [scope, problem] = key.split(".") as [Scope, PhoneProblem | undefined];
  return problem ? phoneProblems[problem] : reasons[scope];
}
