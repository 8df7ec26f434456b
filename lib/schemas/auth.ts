import { z } from "zod";
import { checkPassword, PASSWORD_MAX_LENGTH, RESET_TOKEN_LENGTH } from "@/lib/password-policy";
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, ROLES } from "@/lib/vocabulary";
import { locales } from "../i18n/config";

// Field schemas carry the user-facing message *key* (messages/*.json `Validation.*`); forms
// translate it, the API returns it in 422 details: one schema for the form, the API and its answer.

export const emailSchema = z
  .string({ error: "emailRequired" })
  .trim()
  .min(1, "emailRequired")
  .max(254, "emailInvalid")
  .pipe(z.email("emailInvalid"));

export const newPasswordSchema = z
  .string({ error: "passwordRequired" })
  .min(1, "passwordRequired")
  .max(PASSWORD_MAX_LENGTH, "passwordTooLong")
  .refine((value) => Object.values(checkPassword(value)).every(Boolean), "passwordPolicy");

const languageSchema = z.enum(locales);

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: "passwordRequired" })
    .min(1, "passwordRequired")
    .max(PASSWORD_MAX_LENGTH, "passwordTooLong"),
  lang: languageSchema.optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

const userTypeSchema = z.enum(ACCOUNT_TYPES);
const roleSchema = z.enum(ROLES);
const userStatusSchema = z.enum(ACCOUNT_STATUSES);

/** User, as the browser sees it. */
const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  userType: userTypeSchema,
  role: roleSchema,
  status: userStatusSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string().nullable(),
  name: z.string().nullable(),
  companyName: z.string().nullable(),
  language: languageSchema,
  permissions: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastLogin: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** What the API gives the BFF after login or refresh; tokens never go further. */
export const tokenResponseSchema = z.object({
  accessToken: z.string(),
  accessTokenExpiresAt: z.string(),
  refreshToken: z.string(),
  refreshTokenExpiresAt: z.string(),
  user: sessionUserSchema,
  /** A sign-in's device cookie (new, or the one presented); the web tier keeps it, the page never sees it. */
  deviceToken: z.string().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** What the BFF gives the browser after login or refresh (never the tokens: they stay in httpOnly cookies, out of reach of page scripts). */
export const browserSessionSchema = z.object({
  user: sessionUserSchema,
  accessTokenExpiresAt: z.string(),
});
export type BrowserSession = z.infer<typeof browserSessionSchema>;

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });

export const meResponseSchema = z.object({ user: sessionUserSchema, profile: z.unknown().nullable() });

export const loginCodeRequestSchema = z.object({ email: emailSchema, lang: languageSchema.optional() });
export const loginCodeVerifySchema = z.object({
  email: emailSchema,
  code: z.string().regex(/^\d{6}$/, "codeIncomplete"),
  lang: languageSchema.optional(),
});

export const passwordResetRequestSchema = z.object({ email: emailSchema, lang: languageSchema.optional() });
export const passwordResetTokenSchema = z.string().min(RESET_TOKEN_LENGTH.min).max(RESET_TOKEN_LENGTH.max);
export const resetPasswordSchema = z.object({
  token: passwordResetTokenSchema,
  newPassword: newPasswordSchema,
});

export const successResponseSchema = z.object({ success: z.boolean(), message: z.string().optional() });
