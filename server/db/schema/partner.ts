import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { PAYOUT_STATUSES, SHOP_ORDER_STATUSES } from "../../../lib/vocabulary";
import { createdAt, id, requiredRef, timestamptz } from "./columns";
import { userRef } from "./users";

/** Money is whole euro cents in a 64-bit integer, read as a JS number (exact up to 2^53). */
const cents = (name: string) => bigint(name, { mode: "number" });

/**
 * Keys the webshop reports orders with. Only the SHA-256 of a key is kept (a key is 256 random
 * bits, so a plain hash is enough); `prefix` lets an admin tell keys apart. Revoked keys stay
 * for the audit trail.
 */
export const shopApiKeys = pgTable(
  "shop_api_keys",
  {
    id: id(),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull(),
    prefix: text("prefix").notNull(),
    createdByUserId: userRef("created_by_user_id"),
    createdAt: createdAt(),
    lastUsedAt: timestamptz("last_used_at"),
    revokedAt: timestamptz("revoked_at"),
  },
  (table) => [uniqueIndex("shop_api_keys_hash_unique").on(table.keyHash)],
);

/**
 * The commission plan, one row (id 1) once a super admin has set it; none means no commissions.
 * Percentages are basis points (12.5 % = 1250): two decimals at most, so integers hold them exactly.
 */
export const commissionPlan = pgTable(
  "commission_plan",
  {
    id: integer("id").primaryKey(),
    personalBasisPoints: integer("personal_basis_points").notNull(),
    companyBasisPoints: integer("company_basis_points").notNull(),
    minimumOrderCents: cents("minimum_order_cents").notNull(),
    updatedByUserId: userRef("updated_by_user_id"),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [check("commission_plan_single_row", sql`${table.id} = 1`)],
);

export const shopOrderStatusEnum = pgEnum("shop_order_status", SHOP_ORDER_STATUSES);

/**
 * An order as the shop reported it, once per shop order id. The buyer is the account's id (the
 * `sub` the shop got at sign-in); a deleted buyer leaves the order, without them.
 */
export const shopOrders = pgTable(
  "shop_orders",
  {
    id: id(),
    orderId: text("order_id").notNull(),
    buyerUserId: userRef("buyer_user_id"),
    amountCents: cents("amount_cents").notNull(),
    currency: text("currency").notNull(),
    placedAt: timestamptz("placed_at").notNull(),
    status: shopOrderStatusEnum("status").notNull(),
    receivedAt: timestamptz("received_at").notNull().defaultNow(),
    refundedAt: timestamptz("refunded_at"),
  },
  (table) => [
    uniqueIndex("shop_orders_order_id_unique").on(table.orderId),
    check("shop_orders_amount_positive", sql`${table.amountCents} > 0`),
  ],
);

/**
 * One commission per order that earned one: who earns it, how much, at which rate. Its state
 * is not stored here: it is what the ledger's entries for it say.
 */
export const commissions = pgTable(
  "commissions",
  {
    id: id(),
    shopOrderId: requiredRef("shop_order_id", () => shopOrders.id, "restrict"),
    partnerUserId: userRef("partner_user_id"),
    amountCents: cents("amount_cents").notNull(),
    basisPoints: integer("basis_points").notNull(),
    earnedAt: timestamptz("earned_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("commissions_order_unique").on(table.shopOrderId),
    // The earnings page: a partner's commissions newest first, a page picked by walking this
    // backwards (which is exactly "earned_at desc, id desc", nulls and all).
    index("commissions_partner_page_idx").on(table.partnerUserId, table.earnedAt, table.id),
    // The hold job's scan: commissions earned before the hold's end.
    index("commissions_earned_idx").on(table.earnedAt),
    check("commissions_amount_positive", sql`${table.amountCents} > 0`),
  ],
);

export const payoutStatusEnum = pgEnum("payout_status", PAYOUT_STATUSES);

/**
 * A payout run: the SEPA credit transfer file a super admin hands to the bank, and what it pays.
 * The file is built and checked when the run is prepared and kept as it was offered. Executing the
 * run writes its ledger rows; cancelling it (only before) writes none.
 */
export const payouts = pgTable(
  "payouts",
  {
    id: id(),
    status: payoutStatusEnum("status").notNull().default("prepared"),
    /** The file's message id (MsgId): unique, as banks refuse a repeated one. */
    messageId: text("message_id").notNull(),
    totalCents: cents("total_cents").notNull(),
    itemCount: integer("item_count").notNull(),
    executionDate: date("execution_date", { mode: "string" }).notNull(),
    sepaXml: text("sepa_xml").notNull(),
    createdByUserId: userRef("created_by_user_id"),
    createdAt: createdAt(),
    executedAt: timestamptz("executed_at"),
    cancelledAt: timestamptz("cancelled_at"),
  },
  (table) => [
    uniqueIndex("payouts_message_id_unique").on(table.messageId),
    index("payouts_created_idx").on(table.createdAt),
  ],
);

/**
 * One transfer of a run: the member, the amount, and the bank details as they were when the run
 * was prepared. `open` while the run is prepared: a member has at most one open transfer, so two
 * runs started at once can never both pay them.
 */
export const payoutItems = pgTable(
  "payout_items",
  {
    id: id(),
    payoutId: requiredRef("payout_id", () => payouts.id, "restrict"),
    partnerUserId: userRef("partner_user_id"),
    amountCents: cents("amount_cents").notNull(),
    accountHolder: text("account_holder").notNull(),
    iban: text("iban").notNull(),
    endToEndId: text("end_to_end_id").notNull(),
    language: text("language").notNull(),
    open: boolean("open").notNull().default(true),
  },
  (table) => [
    uniqueIndex("payout_items_open_partner_unique").on(table.partnerUserId).where(sql`${table.open}`),
    index("payout_items_payout_idx").on(table.payoutId),
    index("payout_items_partner_idx").on(table.partnerUserId),
    check("payout_items_amount_positive", sql`${table.amountCents} > 0`),
  ],
);

/**
 * The commissions a transfer settles: approved ones it pays, and refunds after an earlier payout
 * it nets against them (a negative amount). Execution turns each into its ledger rows.
 */
export const payoutCommissions = pgTable(
  "payout_commissions",
  {
    payoutItemId: requiredRef("payout_item_id", () => payoutItems.id, "restrict"),
    commissionId: requiredRef("commission_id", () => commissions.id, "restrict"),
    amountCents: cents("amount_cents").notNull(),
  },
  (table) => [primaryKey({ columns: [table.payoutItemId, table.commissionId] })],
);

/**
 * What happened to a commission: each event is one or two ledger rows. `netted`: a refund after
 * the commission was paid out, taken off a later payout.
 */
export const ledgerEventEnum = pgEnum("ledger_event", ["earned", "approved", "reversed", "paid", "netted"]);
/** Where an amount sits: a member's balance in each is the sum of its rows. */
export const ledgerBucketEnum = pgEnum("ledger_bucket", ["pending", "approved", "paid"]);

/**
 * The commission ledger: append only, never updated or deleted. An event moves an amount between
 * buckets with a row per bucket (approval: −a pending, +a approved), so every balance is a plain
 * sum and no stored total can drift. At most one row per commission, event and bucket: the
 * unique index makes applying an event twice impossible, whoever races.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: id(),
    commissionId: requiredRef("commission_id", () => commissions.id, "restrict"),
    partnerUserId: userRef("partner_user_id"),
    event: ledgerEventEnum("event").notNull(),
    bucket: ledgerBucketEnum("bucket").notNull(),
    amountCents: cents("amount_cents").notNull(),
    payoutId: uuid("payout_id").references(() => payouts.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("ledger_entries_event_unique").on(table.commissionId, table.event, table.bucket),
    // A partner's balances are sums per bucket: the amount in the index lets them read it alone.
    index("ledger_entries_partner_sums_idx").on(table.partnerUserId, table.bucket, table.amountCents),
  ],
);
