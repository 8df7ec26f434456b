import type { ZodError } from "zod";
import type { ValidationIssue } from "../../../lib/schemas/common";
import { AppError, type ErrorReason } from "../../errors";

// The reason of each profile problem (its text is in messages/*.json ApiErrors); the form shows
// the translation of the problem's own key from `ProfileForm.errors`, and `details.issues`
// carries those keys.
const reasons: Record<string, ErrorReason> = {
  requiredFields: "profileRequiredFields",
  invalidDate: "profileInvalidDate",
  invalidIban: "profileInvalidIban",
  invalidPhone: "profileInvalidPhone",
  invalidSecondaryPhone: "profileInvalidSecondaryPhone",
  invalidEmergencyPhone: "profileInvalidEmergencyPhone",
  invalidCompanyPhone: "profileInvalidCompanyPhone",
  invalidContactPhone: "profileInvalidContactPhone",
  minEmployees: "profileMinEmployees",
  currentPasswordRequired: "bankChangePasswordRequired",
  currentPasswordWrong: "currentPasswordWrong",
};

/**
 * The 422 of a refused profile: 'Please fill all required fields.' whenever a required field is
 * missing (the one thing a member needs to know first), so that wins over any other problem;
 * otherwise the first one. A problem without a reason says the code's own sentence.
 */
export function profileValidationError(issues: ValidationIssue[]): AppError {
  const missing = issues.some((issue) => issue.message === "requiredFields");
  const key = missing ? "requiredFields" : (issues[0]?.message ?? "");
  const reason = Object.hasOwn(reasons, key) ? reasons[key] : undefined;
  return new AppError("VALIDATION_FAILED", reason, { issues });
}

export function issuesOf(error: ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}
