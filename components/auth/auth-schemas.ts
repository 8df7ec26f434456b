import { z } from "zod";
import {
  browserSessionSchema,
  loginCodeRequestSchema,
  loginCodeVerifySchema,
  loginRequestSchema,
  passwordResetRequestSchema,
  resetPasswordSchema,
} from "@/lib/schemas/auth";
import {
  loginTotpAppFormSchema,
  loginTotpRecoveryFormSchema,
  mfaChallengeSchema,
} from "@/lib/schemas/two-factor";

// The checks of the sign-in and password reset forms and the API's answers to them, in one
// module the forms load when they are first used (see `lazy`), so zod is not part of those
// pages' first load.

export const passwordLoginFormSchema = loginRequestSchema.pick({ email: true, password: true });
export const codeEmailFormSchema = loginCodeRequestSchema.pick({ email: true });
export const codeFormSchema = loginCodeVerifySchema.pick({ code: true });
export const codeSentSchema = z.object({ resendAfterSeconds: z.number().optional() });
export { browserSessionSchema, loginTotpAppFormSchema, loginTotpRecoveryFormSchema };

export const resetRequestFormSchema = passwordResetRequestSchema.pick({ email: true });
export const newPasswordFormSchema = resetPasswordSchema
  .pick({ newPassword: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ["confirmPassword"],
    message: "passwordsDoNotMatch",
  });

/** A session, or (two-factor sign-in on) the challenge of the second step. */
export const loginAnswerSchema = z.union([browserSessionSchema, mfaChallengeSchema]);
export type LoginAnswer = z.output<typeof loginAnswerSchema>;
