import { z } from "zod";
import { ONBOARDING_STEPS } from "@/lib/vocabulary";

const flag = z.union([z.literal(0), z.literal(1)]);

/** Onboarding status: flags 1 or 0 (GET /api/auth/user/status). */
export const onboardingStatusSchema = z.object({
  email_verified: flag,
  documents_uploaded: flag,
  profile_completed: flag,
  contract_signed: flag,
  is_admin_verified: flag,
});
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;

export const onboardingStatusResponseSchema = onboardingStatusSchema.extend({
  status: onboardingStatusSchema,
});

/** The progress form with steps (GET /api/auth/user/status-progress). */
export const statusProgressSchema = z.object({
  status: onboardingStatusSchema.pick({
    email_verified: true,
    documents_uploaded: true,
    profile_completed: true,
  }),
  progress: z.object({
    steps: z.array(
      z.object({
        key: z.enum(["email_verified", "documents_uploaded", "profile_completed", "contract_signed"]),
        completed: z.boolean(),
      }),
    ),
  }),
});

/** The onboarding steps an admin can send an account back to (POST /api/admin/reject-user/{id}). */
export const REDO_STEPS = ONBOARDING_STEPS;
export type RedoStepName = (typeof REDO_STEPS)[number];

/**
 * GET /api/auth/user/sent-back: the step an admin last sent the caller back to, while it is still
 * to be done again, and when. `reason` is the admin's text; null while it is only in the mail
 * the member got (the database keeps no copy of it yet).
 */
export const sentBackResponseSchema = z.object({
  sentBack: z.object({ step: z.enum(REDO_STEPS), at: z.string(), reason: z.string().nullable() }).nullable(),
});
export type SentBack = NonNullable<z.infer<typeof sentBackResponseSchema>["sentBack"]>;

export const EMPTY_STATUS: OnboardingStatus = {
  email_verified: 0,
  documents_uploaded: 0,
  profile_completed: 0,
  contract_signed: 0,
  is_admin_verified: 0,
};

/** Signing needs the three earlier steps. */
export const canSignContract = (status: OnboardingStatus) =>
  status.email_verified === 1 && status.documents_uploaded === 1 && status.profile_completed === 1;

export const verifyEmailCodeSchema = z.object({
  code: z.string().regex(/^\d{6}$/, "codeIncomplete"),
  lang: z.enum(["en", "de"]).optional(),
});
export const sendVerificationEmailSchema = z.object({ lang: z.enum(["en", "de"]).optional() });
