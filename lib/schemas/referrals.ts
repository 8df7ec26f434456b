import { z } from "zod";
import {
  DEFAULT_EXPIRY_DAYS,
  DEFAULT_MAX_USES,
  EXPIRY_DAY_OPTIONS,
  MAX_USES_OPTIONS,
  REFERRAL_LABEL_MAX_LENGTH,
} from "@/lib/constants";
import { ACCOUNT_TYPES, REFERRAL_STATUSES } from "@/lib/vocabulary";

export const createReferralSchema = z.object({
  expiresInDays: z
    .number()
    .int()
    .refine((value) => (EXPIRY_DAY_OPTIONS as readonly number[]).includes(value), "expiryOption")
    .default(DEFAULT_EXPIRY_DAYS),
  maxUses: z
    .number()
    .int()
    .refine((value) => (MAX_USES_OPTIONS as readonly number[]).includes(value), "maxUsesOption")
    .default(DEFAULT_MAX_USES),
  /** A private note for the owner, e.g. 'for Acme GmbH'. */
  label: z.string().trim().max(REFERRAL_LABEL_MAX_LENGTH, "labelTooLong").optional(),
});
export type CreateReferral = z.input<typeof createReferralSchema>;

const referralStatusSchema = z.enum(REFERRAL_STATUSES);
export type ReferralStatus = z.infer<typeof referralStatusSchema>;

const referralRegistrationSchema = z.object({
  name: z.string().nullable(),
  type: z.enum(ACCOUNT_TYPES),
  date: z.string(),
});

/**
 * How far the people a link brought got; each step counts the people who reached it: distinct
 * visitors of the registration page (once a day), registrations, finished onboarding (all four
 * steps, or approved), approved by an admin.
 */
const referralFunnelSchema = z.object({
  opened: z.number().int(),
  registered: z.number().int(),
  onboarded: z.number().int(),
  approved: z.number().int(),
});
export type ReferralFunnel = z.infer<typeof referralFunnelSchema>;

/** One link as the owner sees it (referral link; the raw list is the field `tokens`). */
export const referralLinkSchema = z.object({
  id: z.string(),
  token: z.string(),
  link: z.string(),
  label: z.string().nullable(),
  status: referralStatusSchema,
  created: z.string(),
  /** ISO date, or null for never. */
  expires: z.string().nullable(),
  maxUses: z.number().int(),
  used: z.number().int(),
  usageDisplay: z.string(),
  isUnlimited: z.boolean(),
  registrations: z.array(referralRegistrationSchema),
  funnel: referralFunnelSchema,
});
export type ReferralLink = z.infer<typeof referralLinkSchema>;

export const referralListSchema = z.object({ tokens: z.array(referralLinkSchema) });

export const referralStatsSchema = z.object({
  totalLinks: z.number().int(),
  activeLinks: z.number().int(),
  linksUsed: z.number().int(),
  companyUsersReferred: z.number().int(),
  personalUsersReferred: z.number().int(),
  /** Over all the owner's links. */
  funnel: referralFunnelSchema,
});
export const referralStatsResponseSchema = z.object({ success: z.literal(true), stats: referralStatsSchema });

export const deactivateReferralSchema = z.object({ tokenId: z.string().uuid() });

/** Public: what the registration page shows about the link (referral info). */
export const referralInfoSchema = z.object({
  success: z.literal(true),
  referrerName: z.string().nullable(),
  referrerEmail: z.string().nullable(),
  isUnlimited: z.boolean(),
  usesRemaining: z.number().int().nullable(),
});
export type ReferralInfo = z.infer<typeof referralInfoSchema>;
