import { z } from "zod";
import { isValidIban, normalizeIban } from "../iban";
import type { PhoneNormalizer } from "../phone-rules";

// The member profiles and their rules; messages are keys of messages/*.json `ProfileForm.errors`.
// Phones arrive as the form shows them; the API stores them in international format. The phone
// rules come in as a parameter: the API checks on the full metadata (lib/schemas/profile.ts),
// the browser on the small one, so the full metadata never reaches a page's bundle.

const required = (max = 200) =>
  z.string({ error: "requiredFields" }).trim().min(1, "requiredFields").max(max);
const optionalText = (max = 200) => z.string().trim().max(max).optional().default("");
// A missing or empty date of birth is a missing required field, not a malformed date.
const isoDate = z
  .string({ error: "requiredFields" })
  .trim()
  .min(1, { message: "requiredFields", abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "invalidDate");
const optionalIsoDate = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, "invalidDate");

const iban = z
  .string({ error: "requiredFields" })
  .trim()
  .min(1, { message: "requiredFields", abort: true })
  .refine((value) => isValidIban(value), "invalidIban")
  .transform(normalizeIban);

// Asked for only when an approved member changes the bank details; never stored or echoed.
const currentPassword = z.string().max(1024).optional().default("");

/** The personal and company profile schemas on the given phone rules. */
export function profileSchemasWith(normalize: PhoneNormalizer) {
  const phone = (key: string) =>
    z
      // Absent (only possible for the required company phone) is a missing field; another type, a bad phone.
      .string({ error: (issue) => (issue.input === undefined ? "requiredFields" : key) })
      .trim()
      .max(40, key)
      .superRefine((value, context) => {
        if (!value) return;
        const result = normalize(value, "DE");
        if (!result.ok) context.addIssue({ code: "custom", message: key });
      });

  const personal = z.object({
    dateOfBirth: isoDate,
    nationality: required(100),
    address: required(),
    zipCode: required(20),
    city: required(100),
    country: required(100),
    phone: phone("invalidPhone").optional().default(""),
    phoneSecondary: phone("invalidSecondaryPhone").optional().default(""),
    emergencyContactName: optionalText(),
    emergencyContactPhone: phone("invalidEmergencyPhone").optional().default(""),
    accountHolderName: required(),
    iban,
    referralEmail: optionalText(254),
    currentPassword,
  });
  const company = z.object({
    companyName: optionalText(),
    companyPhone: phone("invalidCompanyPhone").pipe(z.string().min(1, "requiredFields")),
    companyEmail: optionalText(254),
    address: required(),
    registrationDate: optionalIsoDate.optional().default(""),
    zipCode: required(20),
    city: required(100),
    country: required(100),
    branch: required(),
    // An empty input (or null) is a missing field; z.coerce alone would read it as 0.
    numberOfEmployees: z.preprocess(
      (value) => (value === null || (typeof value === "string" && !value.trim()) ? undefined : value),
      z.coerce.number({ error: "requiredFields" }).int("minEmployees").min(1, "minEmployees").max(10_000_000),
    ),
    registrationNumber: required(100),
    accountHolderName: required(),
    iban,
    contactPersonName: optionalText(),
    contactPersonPhone: phone("invalidContactPhone").optional().default(""),
    currentPassword,
  });
  return { personal, company };
}
