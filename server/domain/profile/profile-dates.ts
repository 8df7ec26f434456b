import type { ValidationIssue } from "../../../lib/schemas/common";

const HOUR_MS = 60 * 60 * 1000;
const OLDEST_BIRTH_DATE = "1900-01-01";

/** True for a YYYY-MM-DD that exists on the calendar (2024-02-29 yes, 2023-02-29 and 2024-13-01 no). */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Today as the latest calendar date anywhere on Earth (UTC+14): the member types the date of
 * their own time zone, which the API does not know, so nobody is refused for being ahead of UTC.
 */
function latestToday(now = Date.now()): string {
  return new Date(now + 14 * HOUR_MS).toISOString().slice(0, 10);
}

/**
 * Rules the shared schema cannot state because they depend on today. The date of birth must be
 * a real date in the past and not before 1900. The spec sets no minimum age, and legal
 * capacity is a matter for the contract step and the admin's review, so none is enforced here.
 * A company's registration date is optional but, when given, real and not in the future.
 */
export function checkProfileDates(
  input: { dateOfBirth?: string; registrationDate?: string },
  now = Date.now(),
): ValidationIssue[] {
  const today = latestToday(now);
  const issues: ValidationIssue[] = [];
  const { dateOfBirth, registrationDate } = input;
  if (
    dateOfBirth !== undefined &&
    (!isCalendarDate(dateOfBirth) || dateOfBirth >= today || dateOfBirth < OLDEST_BIRTH_DATE)
  ) {
    issues.push({ path: "dateOfBirth", message: "invalidDate" });
  }
  if (registrationDate && (!isCalendarDate(registrationDate) || registrationDate > today)) {
    issues.push({ path: "registrationDate", message: "invalidDate" });
  }
  return issues;
}
