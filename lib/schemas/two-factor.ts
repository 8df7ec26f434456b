import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "@/lib/password-policy";

// Two-factor sign-in (TOTP, RFC 6238) and its recovery codes. Messages are keys of
// messages/*.json `Validation`.

/** A code of the authenticator app: six digits (forms drop the spaces a user typed). */
const totpCodeSchema = z
  .string({ error: "codeIncomplete" })
  .trim()
  .regex(/^\d{6}$/, "codeIncomplete");

/** Either an authenticator code or a recovery code (xxxx-xxxx-xxxx-xxxx). */
export const secondFactorCodeSchema = z
  .string({ error: "secondFactorCodeRequired" })
  .trim()
  .min(1, "secondFactorCodeRequired")
  .max(64, "secondFactorCodeInvalid");

/** The answer of a sign-in whose account has two-factor sign-in on: no session yet. */
export const mfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  /** Short-lived, bound to the account, good for nothing but the second step. */
  challenge: z.string(),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

export const loginTotpSchema = z.object({
  challenge: z.string().min(1).max(1024),
  code: secondFactorCodeSchema,
});

/** The account's password, asked again before the second factor is changed. */
export const currentPasswordSchema = z
  .string({ error: "currentPasswordRequired" })
  .min(1, "currentPasswordRequired")
  .max(PASSWORD_MAX_LENGTH, "passwordTooLong");

/** A session alone must not be able to put its own authenticator on the account. */
export const totpEnableSchema = z.object({ currentPassword: currentPasswordSchema, code: totpCodeSchema });

export const totpDisableSchema = z.object({
  currentPassword: currentPasswordSchema,
  code: secondFactorCodeSchema,
});

export const totpRegenerateSchema = z.object({ code: secondFactorCodeSchema });

/**
 * A super admin resets another account's second factor: their own current code, and the reason
 * (recorded in the audit trail and mailed to the owner).
 */
export const totpAdminResetSchema = z.object({
  code: secondFactorCodeSchema,
  reason: z.string().trim().min(1, "reasonRequired").max(500, "reasonTooLong"),
});

/** An app's code as typed into a form: the spaces a member may type ("123 456") go first. */
const typedTotpCodeSchema = z
  .string({ error: "codeIncomplete" })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(totpCodeSchema);

/** The form that turns it on: the API's body, with the code as typed. */
export const totpEnableFormSchema = totpEnableSchema.extend({ code: typedTotpCodeSchema });

/** The second sign-in step's one field: a code of the app as typed, or a recovery code. */
export const loginTotpAppFormSchema = z.object({ code: typedTotpCodeSchema });
export const loginTotpRecoveryFormSchema = loginTotpSchema.pick({ code: true });

export const totpStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number(),
  /** Admins and super admins must have it on; they cannot turn it off. */
  required: z.boolean(),
  /** Whether this session proved a second factor: admin calls answer only such sessions. */
  sessionSecondFactor: z.boolean(),
});
export type TotpStatus = z.infer<typeof totpStatusSchema>;

export const totpSetupResponseSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code (an SVG data URL, made on the server). */
  qrCode: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupResponseSchema>;

export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
