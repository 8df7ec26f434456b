import { z } from "zod";
import { locales } from "../i18n/config";
import { normalizePhone, type PhoneProblem } from "../phone";
import { checkPassword, PASSWORD_MAX_LENGTH } from "./auth";

// Spec §3 registration forms and §5 rules, checked in the spec's order by the form and the API
// alike. Messages are keys of messages/*.json `Register.errors`.

const text = (max: number) => z.string().trim().max(max).default("");
const phoneCountry = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .default("DE");

export const personalRegistrationSchema = z.object({
  refToken: z.string().min(1).max(200),
  firstName: text(100),
  lastName: text(100),
  email: text(254),
  confirmEmail: text(254),
  phone: text(40),
  phoneCountry,
  password: z.string().max(PASSWORD_MAX_LENGTH).default(""),
  confirmPassword: z.string().max(PASSWORD_MAX_LENGTH).default(""),
  referralEmail: z.string().trim().max(254).optional(),
  lang: z.enum(locales).optional(),
});
export type PersonalRegistration = z.input<typeof personalRegistrationSchema>;

export const companyRegistrationSchema = z.object({
  refToken: z.string().min(1).max(200),
  companyName: text(200),
  companyEmail: text(254),
  confirmCompanyEmail: text(254),
  companyPhone: text(40),
  companyPhoneCountry: phoneCountry,
  contactPersonName: text(200),
  contactPersonPhone: text(40),
  contactPersonPhoneCountry: phoneCountry,
  password: z.string().max(PASSWORD_MAX_LENGTH).default(""),
  confirmPassword: z.string().max(PASSWORD_MAX_LENGTH).default(""),
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

/** The first problem of a personal registration, in the order of spec §5; null when valid. */
export function checkPersonalRegistration(input: PersonalFields): RegistrationProblem | null {
  const required = ["firstName", "lastName", "email", "confirmEmail", "password", "confirmPassword"] as const;
  const missing = required.find((field) => blank(input[field]));
  if (missing) return { field: missing, key: "requiredFields" };
  if (blank(input.phone)) return { field: "phone", key: "phoneRequired" };
  if (!sameEmail(input.email, input.confirmEmail)) return { field: "confirmEmail", key: "emailsDoNotMatch" };
  if (input.password !== input.confirmPassword)
    return { field: "confirmPassword", key: "passwordsDoNotMatch" };
  if (!policyHolds(input.password)) return { field: "password", key: "passwordPolicy" };
  const phone = normalizePhone(input.phone, input.phoneCountry);
  if (!phone.ok) return { field: "phone", key: `phone.${phone.problem}` };
  if (!emailShape.safeParse(input.email.trim()).success) return { field: "email", key: "invalidEmail" };
  return null;
}

/** The first problem of a company registration, in the order of spec §5; null when valid. */
export function checkCompanyRegistration(input: CompanyFields): RegistrationProblem | null {
  const required = [
    "companyName",
    "companyEmail",
    "confirmCompanyEmail",
    "contactPersonName",
    "password",
    "confirmPassword",
  ] as const;
  const missing = required.find((field) => blank(input[field]));
  if (missing) return { field: missing, key: "requiredFields" };
  if (blank(input.companyPhone)) return { field: "companyPhone", key: "companyPhoneRequired" };
  if (blank(input.contactPersonPhone)) return { field: "contactPersonPhone", key: "contactPhoneRequired" };
  if (!sameEmail(input.companyEmail, input.confirmCompanyEmail)) {
    return { field: "confirmCompanyEmail", key: "companyEmailsDoNotMatch" };
  }
  if (input.password !== input.confirmPassword)
    return { field: "confirmPassword", key: "passwordsDoNotMatch" };
  if (!policyHolds(input.password)) return { field: "password", key: "passwordPolicy" };
  const companyPhone = normalizePhone(input.companyPhone, input.companyPhoneCountry);
  if (!companyPhone.ok) return { field: "companyPhone", key: `companyPhone.${companyPhone.problem}` };
  const contactPhone = normalizePhone(input.contactPersonPhone, input.contactPersonPhoneCountry);
  if (!contactPhone.ok) return { field: "contactPersonPhone", key: `contactPhone.${contactPhone.problem}` };
  if (!emailShape.safeParse(input.companyEmail.trim()).success)
    return { field: "companyEmail", key: "invalidEmail" };
  return null;
}

export const registrationResponseSchema = z.object({ success: z.literal(true), message: z.string() });
