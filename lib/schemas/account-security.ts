import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "@/lib/password-policy";
import { newPasswordSchema } from "./auth";

// Account security in the profile: the password change (its new password follows the same rules
// as registration and reset, newPasswordSchema) and the member's list of sessions. Messages are
// keys of messages/*.json `Validation`.

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: "currentPasswordRequired" })
    .min(1, "currentPasswordRequired")
    .max(PASSWORD_MAX_LENGTH, "passwordTooLong"),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The form asks for the new password twice; only the API's two fields are sent. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ["confirmPassword"],
    message: "passwordsDoNotMatch",
  });
export type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>;

/** One signed-in browser as its member sees it: never the full address or user agent. */
const accountSessionSchema = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  /** The network only (`203.0.113.x`), or null when the API could not tell. */
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session of the browser that asked. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });

export const revokeOtherSessionsResponseSchema = z.object({ success: z.boolean(), revoked: z.number() });
