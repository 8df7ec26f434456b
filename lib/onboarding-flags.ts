// The onboarding steps as the user records flag them (email_verified, …), and which of them a
// user has not done yet: what the admin's verification queue and page show beside each user.

/** The onboarding steps by their flag names, in onboarding order. */
const ONBOARDING_STEP_FLAGS = [
  "email_verified",
  "documents_uploaded",
  "profile_completed",
  "contract_signed",
] as const;
export type OnboardingStepFlag = (typeof ONBOARDING_STEP_FLAGS)[number];

/** The steps a user has not done yet, read from the flags. */
export const missingSteps = (flags: Record<OnboardingStepFlag, 0 | 1>): OnboardingStepFlag[] =>
  ONBOARDING_STEP_FLAGS.filter((step) => flags[step] !== 1);
