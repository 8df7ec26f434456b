import type { RegistrationErrorKey } from "../../../lib/schemas/registration";

// English text of each registration problem (the API's `message`); the pages show the
// translation of the same key from messages/*.json `Register.errors`.
const phoneProblems = {
  required: "Please enter a phone number.",
  invalidCountry: "Invalid country code.",
  tooShort: "The phone number is too short.",
  tooLong: "The phone number is too long.",
  invalidNumber: "Invalid phone number.",
} as const;

const messages: Record<string, string> = {
  requiredFields: "Please fill in all required fields.",
  phoneRequired: "Please enter your phone number.",
  companyPhoneRequired: "Please enter the company phone number.",
  contactPhoneRequired: "Please enter the contact person's phone number.",
  emailsDoNotMatch: "Emails do not match.",
  companyEmailsDoNotMatch: "Company emails do not match.",
  passwordsDoNotMatch: "Passwords do not match.",
  passwordPolicy: "The password does not meet all requirements.",
  invalidEmail: "Please enter a valid email address",
};

export function registrationMessage(key: RegistrationErrorKey): string {
  const [scope, problem] = key.split(".") as [string, keyof typeof phoneProblems | undefined];
  if (problem) return phoneProblems[problem];
  return messages[scope] ?? "Invalid data";
}
