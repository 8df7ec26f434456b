import { canSignContract } from "../../../lib/schemas/onboarding";
import type { UserRow } from "../../db/queries/users";
import { AppError } from "../../errors";
import { getOnboardingStatus } from "../onboarding/get-onboarding-status";

/**
 * Signing (drawn or uploaded) needs email verification, the ID upload and the completed
 * profile, the same rule the onboarding status and the dashboard use.
 */
export function assertCanSignContract(
  user: Pick<
    UserRow,
    "emailVerifiedAt" | "documentsUploadedAt" | "profileCompletedAt" | "contractSignedAt" | "adminVerifiedAt"
  >,
): void {
  if (!canSignContract(getOnboardingStatus(user))) throw new AppError("CONTRACT_NOT_ELIGIBLE");
}
