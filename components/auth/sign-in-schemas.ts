import { z } from "zod";
import {
  browserSessionSchema,
  loginCodeRequestSchema,
  loginCodeVerifySchema,
  loginRequestSchema,
} from "@/lib/schemas/auth";
import {
  loginTotpAppFormSchema,
  loginTotpRecoveryFormSchema,
  mfaChallengeSchema,
} from "@/lib/schemas/two-factor";

// The sign-in forms' checks and the API's answers, in one module the forms load when they are
// first used (see `lazy`), so zod is not part of the sign-in page's first load.

export const passwordLoginFormSchema = loginRequestSchema.pick({ email: true, password: true });
export const codeEmailFormSchema = loginCodeRequestSchema.pick({ email: true });
export const codeFormSchema = loginCodeVerifySchema.pick({ code: true });
export const codeSentSchema = z.object({ resendAfterSeconds: z.number().optional() });
export { browserSessionSchema, loginTotpAppFormSchema, loginTotpRecoveryFormSchema };

/** A session, or (two-factor sign-in on) the challenge of the second step. */
export const loginAnswerSchema = z.union([browserSessionSchema, mfaChallengeSchema]);
export type LoginAnswer = z.output<typeof loginAnswerSchema>;
