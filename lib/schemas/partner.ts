import { z } from "zod";
import { SHOP_KEY_NAME_MAX } from "@/lib/constants";
import { PAYOUT_STATUSES, SHOP_ORDER_STATUSES } from "@/lib/vocabulary";

/** The largest order the shop can report: ten million euros, far above any real basket. */
const ORDER_AMOUNT_MAX_CENTS = 1_000_000_000;
const SHOP_ORDER_ID_MAX = 200;

/** What a super admin names a new shop key (POST /api/admin/shop-keys). */
export const shopKeyInputSchema = z.object({
  name: z.string().trim().min(1, "nameRequired").max(SHOP_KEY_NAME_MAX, "nameTooLong"),
});

/** A shop key as the list shows it: never the key, only its first characters. */
const shopKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ShopKey = z.infer<typeof shopKeySchema>;
export const shopKeyListSchema = z.object({ keys: z.array(shopKeySchema) });
/** The answer to a new key: the key itself, this once. */
export const shopKeyCreatedSchema = z.object({ id: z.string(), key: z.string(), prefix: z.string() });

/** A percentage with at most two decimals, 0 to 100 (12.5, 7.25). */
const percentSchema = z
  .number()
  .min(0, "percentRange")
  .max(100, "percentRange")
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "percentDecimals");

/** The commission plan (GET|PUT /api/admin/commission-plan), per account type of the inviter. */
export const commissionPlanSchema = z.object({
  personalPercent: percentSchema,
  companyPercent: percentSchema,
  minimumOrderCents: z
    .number()
    .int("minimumWhole")
    .min(0, "minimumRange")
    .max(ORDER_AMOUNT_MAX_CENTS, "minimumRange"),
});
export type CommissionPlan = z.infer<typeof commissionPlanSchema>;
export const commissionPlanResultSchema = commissionPlanSchema.extend({ updatedAt: z.string().nullable() });

/** An order as the shop reports it (POST /api/partner/orders). Amounts are integer cents. */
export const shopOrderInputSchema = z.object({
  orderId: z.string().trim().min(1).max(SHOP_ORDER_ID_MAX),
  buyerSub: z.uuid(),
  amountCents: z.number().int().positive().max(ORDER_AMOUNT_MAX_CENTS),
  currency: z.literal("EUR"),
  placedAt: z.iso.datetime({ offset: true }),
  status: z.enum(SHOP_ORDER_STATUSES),
});
export type ShopOrderInput = z.infer<typeof shopOrderInputSchema>;

/** The same answer for the first report and every repeat of it. */
export const shopOrderResultSchema = z.object({
  orderId: z.string(),
  status: z.enum(SHOP_ORDER_STATUSES),
  receivedAt: z.string(),
});
export type ShopOrderResult = z.infer<typeof shopOrderResultSchema>;

const COMMISSION_STATES = ["pending", "approved", "reversed", "paid"] as const;
export type CommissionState = (typeof COMMISSION_STATES)[number];

/** One commission as its partner sees it: no buyer, only the order's day and amount. */
const earningEntrySchema = z.object({
  id: z.string(),
  orderDate: z.string(),
  orderAmountCents: z.number(),
  commissionCents: z.number(),
  state: z.enum(COMMISSION_STATES),
  earnedAt: z.string(),
});

export const EARNINGS_PAGE_SIZE = 50;
export const earningsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** GET /api/earnings: the caller's totals (sums of the ledger) and one page of commissions. */
export const earningsSchema = z.object({
  payouts: z.array(z.object({ id: z.string(), amountCents: z.number(), paidAt: z.string() })),
  totals: z.object({ pendingCents: z.number(), approvedCents: z.number(), paidCents: z.number() }),
  entries: z.array(earningEntrySchema),
  page: z.number(),
  pageCount: z.number(),
  total: z.number(),
});
export type Earnings = z.infer<typeof earningsSchema>;

const payoutRunSchema = z.object({
  id: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  messageId: z.string(),
  totalCents: z.number(),
  itemCount: z.number(),
  executionDate: z.string(),
  createdAt: z.string(),
  executedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});

export const payoutRunListSchema = z.object({ payouts: z.array(payoutRunSchema) });
/** One run with its transfers: the IBAN only by its last four characters. */
export const payoutRunDetailSchema = payoutRunSchema.extend({
  items: z.array(
    z.object({
      partnerUserId: z.string().nullable(),
      amountCents: z.number(),
      accountHolder: z.string(),
      ibanEnd: z.string(),
    }),
  ),
});
export const payoutPreparedSchema = z.object({
  id: z.string(),
  messageId: z.string(),
  itemCount: z.number(),
  totalCents: z.number(),
});
