import type { z } from "zod";
import type { OnboardingStatus, statusProgressSchema } from "../../../lib/schemas/onboarding";
import type { UserRow } from "../../db/queries/users";

type OnboardingTimestamps = Pick<
  UserRow,
  "emailVerifiedAt" | "documentsUploadedAt" | "profileCompletedAt" | "contractSignedAt" | "adminVerifiedAt"
>;

const flag = (at: Date | null): 0 | 1 => (at ? 1 : 0);

/** Each onboarding flag is 1 once its step's time is set on the user. */
export function getOnboardingStatus(user: OnboardingTimestamps): OnboardingStatus {
  return {
    email_verified: flag(user.emailVerifiedAt),
    documents_uploaded: flag(user.documentsUploadedAt),
    profile_completed: flag(user.profileCompletedAt),
    contract_signed: flag(user.contractSignedAt),
    is_admin_verified: flag(user.adminVerifiedAt),
  };
}

/** Status-progress: the three independent steps, plus the four steps as a progress list. */
export function getStatusProgress(user: OnboardingTimestamps): z.infer<typeof statusProgressSchema> {
  const status = getOnboardingStatus(user);
  return {
    status: {
      email_verified: status.email_verified,
      documents_uploaded: status.documents_uploaded,
      profile_completed: status.profile_completed,
    },
    progress: {
      steps: (["email_verified", "documents_uploaded", "profile_completed", "contract_signed"] as const).map(
        (key) => ({ key, completed: status[key] === 1 }),
      ),
    },
  };
}
