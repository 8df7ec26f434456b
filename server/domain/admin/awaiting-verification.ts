import { and, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { UserRow } from "../../db/queries/users";
import { users } from "../../db/schema";

/** The four onboarding steps by the name the API's flags carry, each with its timestamp column. */
export const ONBOARDING_STEPS = [
  ["email_verified", "emailVerifiedAt"],
  ["documents_uploaded", "documentsUploadedAt"],
  ["profile_completed", "profileCompletedAt"],
  ["contract_signed", "contractSignedAt"],
] as const satisfies readonly (readonly [string, keyof UserRow])[];

export type OnboardingStep = (typeof ONBOARDING_STEPS)[number][0];

/** The steps a member has not done yet, in onboarding order (empty once all four are done). */
export function missingOnboardingSteps(
  row: Pick<UserRow, (typeof ONBOARDING_STEPS)[number][1]>,
): OnboardingStep[] {
  return ONBOARDING_STEPS.filter(([, column]) => !row[column]).map(([step]) => step);
}

/** A member account the admin has not approved yet and that is not suspended. */
export const unapprovedMember = (): SQL =>
  and(eq(users.role, "user"), eq(users.status, "pending"), isNull(users.adminVerifiedAt)) as SQL;

/** All four onboarding steps done (also the referral funnel's 'finished onboarding'). */
export const onboardingFinished = (): SQL =>
  and(...ONBOARDING_STEPS.map(([, column]) => isNotNull(users[column]))) as SQL;

/**
 * Awaiting verification: an unapproved member who finished all four steps. The verify queue's
 * default list and the admin dashboard's count both use this one rule, so they always agree.
 */
export const awaitingVerification = (): SQL => and(unapprovedMember(), onboardingFinished()) as SQL;
