import { z } from "zod";
import { checkPassword, PASSWORD_MAX_LENGTH } from "@/lib/password-policy";
import { locales } from "../i18n/config";
import type { PhoneNormalizer, PhoneProblem } from "../phone-rules";

// The registration forms' fields and rules, checked in the same order by the form and the API
// alike. Messages are keys of messages/*.json `Register.errors`.

const text = (max: number) => z.string().trim().max(max).default("");
const phoneCountry = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .default("DE");
/** The referral link's token: every registration comes through a member's link. */
const refToken = z.string().min(1).max(200);
/** The password and its repetition; the policy is checked with the other rules below. */
const password = z.string().max(PASSWORD_MAX_LENGTH).default("");

export const personalRegistrationSchema = z.object({
  refToken,
  firstName: text(100),
  lastName: text(100),
  email: text(254),
  confirmEmail: text(254),
  phone: text(40),
  phoneCountry,
  password,
  confirmPassword: password,
  /** The referrer's email as the referral info named it; stored on the member's profile. */
  referralEmail: z.string().trim().max(254).optional(),
  lang: z.enum(locales).optional(),
});
export type PersonalRegistration = z.input<typeof personalRegistrationSchema>;

export const companyRegistrationSchema = z.object({
  refToken,
  companyName: text(200),
  companyEmail: text(254),
  confirmCompanyEmail: text(254),
  companyPhone: text(40),
  companyPhoneCountry: phoneCountry,
  contactPersonName: text(200),
  contactPersonPhone: text(40),
  contactPersonPhoneCountry: phoneCountry,
  password,
  confirmPassword: password,
  lang: z.enum(locales).optional(),
});
export type CompanyRegistration = z.input<typeof companyRegistrationSchema>;

export type RegistrationErrorKey =
  | "requiredFields"
  | "phoneRequired"
  | "companyPhoneRequired"
  | "contactPhoneRequired"
  | "emailsDoNotMatch"
  | "companyEmailsDoNotMatch"
  | "passwordsDoNotMatch"
  | "passwordPolicy"
  | "invalidEmail"
  | `phone.${PhoneProblem}`
  | `companyPhone.${PhoneProblem}`
  | `contactPhone.${PhoneProblem}`;

export type RegistrationProblem = { field: string; key: RegistrationErrorKey };

const blank = (value: string | undefined) => !value?.trim();
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const emailShape = z.email();
const policyHolds = (password: string) => Object.values(checkPassword(password)).every(Boolean);

type PersonalFields = z.output<typeof personalRegistrationSchema>;
type CompanyFields = z.output<typeof companyRegistrationSchema>;

/** Problems as they are found, keeping the first one of each field. */
function problemList() {
  const problems: RegistrationProblem[] = [];
  const add = (field: string, key: RegistrationErrorKey) => {
    if (!problems.some((problem) => problem.field === field)) problems.push({ field, key });
  };
  return { problems, add };
}

/** The password rules both registrations share: the confirmation matches, the policy holds. */
function checkPasswords(
  input: { password: string; confirmPassword: string },
  add: (field: string, key: RegistrationErrorKey) => void,
) {
  if (!blank(input.confirmPassword) && input.password !== input.confirmPassword)
    add("confirmPassword", "passwordsDoNotMatch");
  if (!blank(input.password) && !policyHolds(input.password)) add("password", "passwordPolicy");
}

/**
 * Every problem of a personal registration, at most one a field, in the order the rules are
 * checked in: the first is what the API answers, the whole list is what the form shows beside
 * the fields. The phone rules come in as a parameter so the browser can use smaller metadata.
 */
export function personalRegistrationProblems(
  input: PersonalFields,
  normalize: PhoneNormalizer,
): RegistrationProblem[] {
  const { problems, add } = problemList();
  const required = ["firstName", "lastName", "email", "confirmEmail", "password", "confirmPassword"] as const;
  for (const field of required) if (blank(input[field])) add(field, "requiredFields");
  if (blank(input.phone)) add("phone", "phoneRequired");
  if (!blank(input.confirmEmail) && !sameEmail(input.email, input.confirmEmail))
    add("confirmEmail", "emailsDoNotMatch");
  checkPasswords(input, add);
  const phone = normalize(input.phone, input.phoneCountry);
  if (!blank(input.phone) && !phone.ok) add("phone", `phone.${phone.problem}`);
  if (!blank(input.email) && !emailShape.safeParse(input.email.trim()).success) add("email", "invalidEmail");
  if (input.referralEmail?.trim() && !emailShape.safeParse(input.referralEmail.trim()).success)
    add("referralEmail", "invalidEmail");
  return problems;
}

/** Every problem of a company registration, at most one a field, in the order they are checked. */
export function companyRegistrationProblems(
  input: CompanyFields,
  normalize: PhoneNormalizer,
): RegistrationProblem[] {
  const { problems, add } = problemList();
  const required = [
    "companyName",
    "companyEmail",
    "confirmCompanyEmail",
    "contactPersonName",
    "password",
    "confirmPassword",
  ] as const;
  for (const field of required) if (blank(input[field])) add(field, "requiredFields");
  if (blank(input.companyPhone)) add("companyPhone", "companyPhoneRequired");
  if (blank(input.contactPersonPhone)) add("contactPersonPhone", "contactPhoneRequired");
  if (!blank(input.confirmCompanyEmail) && !sameEmail(input.companyEmail, input.confirmCompanyEmail))
    add("confirmCompanyEmail", "companyEmailsDoNotMatch");
  checkPasswords(input, add);
  const companyPhone = normalize(input.companyPhone, input.companyPhoneCountry);
  if (!blank(input.companyPhone) && !companyPhone.ok)
    add("companyPhone", `companyPhone.${companyPhone.problem}`);
  const contactPhone = normalize(input.contactPersonPhone, input.contactPersonPhoneCountry);
  if (!blank(input.contactPersonPhone) && !contactPhone.ok)
    add("contactPersonPhone", `contactPhone.${contactPhone.problem}`);
  if (!blank(input.companyEmail) && !emailShape.safeParse(input.companyEmail.trim()).success)
    add("companyEmail", "invalidEmail");
  return problems;
}

/** The first problem of a personal registration (what the API answers); null when valid. */
export function checkPersonalRegistration(
  input: PersonalFields,
  normalize: PhoneNormalizer,
): RegistrationProblem | null {
  return personalRegistrationProblems(input, normalize)[0] ?? null;
}

/** The first problem of a company registration (what the API answers); null when valid. */
export function checkCompanyRegistration(
  input: CompanyFields,
  normalize: PhoneNormalizer,
): RegistrationProblem | null {
  return companyRegistrationProblems(input, normalize)[0] ?? null;
}

export const registrationResponseSchema = z.object({ success: z.literal(true), message: z.string() });
