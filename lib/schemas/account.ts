import { z } from "zod";
import { emailSchema } from "./auth";
import { currentPasswordSchema, secondFactorCodeSchema } from "./two-factor";

// The member's own account: the login email, the data export and the deletion. Each asks for the
// password again, and for a code of the second factor when two-factor sign-in is on (`code`,
// optional here: the API answers `secondFactorCodeRequired` on the field when it is missing).
// Messages are keys of messages/*.json `Validation`.

/** The password again, and the second factor's code when it is on. */
export const confirmIdentitySchema = z.object({
  currentPassword: currentPasswordSchema,
  code: secondFactorCodeSchema.optional(),
});
export type ConfirmIdentityInput = z.infer<typeof confirmIdentitySchema>;

export const emailChangeSchema = confirmIdentitySchema.extend({ newEmail: emailSchema });
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

/** The six digits mailed to the new address (forms drop the spaces a member typed). */
export const emailChangeConfirmSchema = z.object({
  code: z
    .string({ error: "codeIncomplete" })
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "codeIncomplete")),
});

/** The confirm's answer: the login email now, and how many other browsers were signed out. */
export const emailChangedSchema = z.object({ email: z.string(), otherSessionsEnded: z.number() });

/** GET /api/account/email: the login email, and the new one while a change waits for its code. */
export const emailChangeStatusSchema = z.object({
  email: z.string(),
  pendingEmail: z.string().nullable(),
});

/** POST /api/account/export: a download token, good once, for a few minutes. */
export const exportTokenSchema = z.object({ token: z.string(), expiresAt: z.string() });

export const exportDownloadQuerySchema = z.object({ token: z.string().min(1).max(200) });
