import type { ZodError } from "zod";
import type { ValidationIssue } from "../../../lib/schemas/common";
import { AppError, errorCodes } from "../../errors";

// English text of each profile problem (the API's `message`); the form shows the translation of
// the same key from messages/*.json `ProfileForm.errors`, and `details.issues` carries the keys.
const messages: Record<string, string> = {
  requiredFields: "Please fill all required fields.",
  invalidDate: "Please enter a valid date.",
  invalidIban: "Please enter a valid IBAN.",
  invalidPhone: "Please enter a valid phone number.",
  invalidSecondaryPhone: "Please enter a valid second phone number.",
  invalidEmergencyPhone: "Please enter a valid emergency contact phone number.",
  invalidCompanyPhone: "Please enter a valid company phone number.",
  invalidContactPhone: "Please enter a valid contact person phone number.",
  minEmployees: "The number of employees must be at least 1.",
  currentPasswordRequired: "Please enter your current password to change your bank details.",
  currentPasswordWrong: "The current password is not correct.",
};

function profileMessage(key: string): string {
  return messages[key] ?? errorCodes.VALIDATION_FAILED.message;
}

/**
 * The 422 of a refused profile: 'Please fill all required fields.' whenever a required field is
 * missing (the one thing a member needs to know first), so that wins over any other problem;
 * otherwise the first one.
 */
export function profileValidationError(issues: ValidationIssue[]): AppError {
  const missing = issues.some((issue) => issue.message === "requiredFields");
  const message = profileMessage(missing ? "requiredFields" : (issues[0]?.message ?? ""));
  return new AppError("VALIDATION_FAILED", message, { issues });
}

export function issuesOf(error: ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}
