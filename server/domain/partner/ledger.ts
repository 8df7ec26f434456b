import { and, eq, sql } from "drizzle-orm";
import type { CommissionState } from "../../../lib/schemas/partner";
import type { Database } from "../../db";
import { commissions, ledgerEntries } from "../../db/schema";

type CommissionRow = typeof commissions.$inferSelect;
type Bucket = (typeof ledgerEntries.$inferInsert)["bucket"];
type Event = (typeof ledgerEntries.$inferInsert)["event"];

/**
 * The commission's amount at `percentBasisPoints` of the order, in whole cents, half a cent
 * rounded up (the partner's way, as a till would). Integers throughout: 1 999 cents at 12.5 %
 * is 249.875 → 250, never a float that prints as 249.87499999.
 */
export function commissionCents(orderCents: number, basisPoints: number): number {
  const product = BigInt(orderCents) * BigInt(basisPoints);
  return Number((product * 2n + 10_000n) / 20_000n);
}

/** The rows of one event: each moves `amount` out of one bucket and/or into another. */
async function append(
  tx: Database,
  commission: Pick<CommissionRow, "id" | "partnerUserId">,
  event: Event,
  moves: Array<{ bucket: Bucket; amountCents: number }>,
  payoutId: string | null = null,
) {
  await tx.insert(ledgerEntries).values(
    moves.map((move) => ({
      commissionId: commission.id,
      partnerUserId: commission.partnerUserId,
      event,
      bucket: move.bucket,
      amountCents: move.amountCents,
      payoutId,
    })),
  );
}

/** A new commission's first entry: its amount, held (pending). */
export const recordEarned = (tx: Database, commission: CommissionRow) =>
  append(tx, commission, "earned", [{ bucket: "pending", amountCents: commission.amountCents }]);

/** The hold is over without a refund: pending → approved. */
export const recordApproved = (
  tx: Database,
  commission: Pick<CommissionRow, "id" | "partnerUserId" | "amountCents">,
) =>
  append(tx, commission, "approved", [
    { bucket: "pending", amountCents: -commission.amountCents },
    { bucket: "approved", amountCents: commission.amountCents },
  ]);

/** A payout's move of `amountCents` from approved to paid (a negative amount moves it back). */
const approvedToPaid = (amountCents: number) => [
  { bucket: "approved" as const, amountCents: -amountCents },
  { bucket: "paid" as const, amountCents },
];

/** A payout was executed: the amount leaves approved for paid. */
export const recordPaid = (
  tx: Database,
  commission: Pick<CommissionRow, "id" | "partnerUserId">,
  amountCents: number,
  payoutId: string,
) => append(tx, commission, "paid", approvedToPaid(amountCents), payoutId);

/**
 * A refund after a payout, taken off a later one: the clawback leaves approved (where the refund
 * put it below zero) and comes off what was paid.
 */
export const recordNetted = (
  tx: Database,
  commission: Pick<CommissionRow, "id" | "partnerUserId">,
  amountCents: number,
  payoutId: string,
) => append(tx, commission, "netted", approvedToPaid(-amountCents), payoutId);

/**
 * Where a commission stands: what its entries say, the latest event winning (reversed after
 * paid is a refund after the payout).
 */
async function commissionStateOf(tx: Database, commissionId: string): Promise<CommissionState> {
  const rows = await tx
    .selectDistinct({ event: ledgerEntries.event })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.commissionId, commissionId));
  const events = new Set(rows.map((row) => row.event));
  if (events.has("reversed")) return "reversed";
  if (events.has("paid")) return "paid";
  if (events.has("approved")) return "approved";
  return "pending";
}

/**
 * The order was refunded: the commission is taken back from where it sits. Held: out of pending.
 * Approved, or already paid out: out of approved, which a refund after a payout leaves below zero
 * until later commissions make it up (the next payout nets it). Call with the commission locked.
 */
export async function recordReversed(tx: Database, commission: CommissionRow): Promise<void> {
  const state = await commissionStateOf(tx, commission.id);
  if (state === "reversed") return;
  const bucket: Bucket = state === "pending" ? "pending" : "approved";
  await append(tx, commission, "reversed", [{ bucket, amountCents: -commission.amountCents }]);
}

/** The commission of a shop order, locked for the rest of the transaction; none when it earned nothing. */
export async function lockCommissionOfOrder(
  tx: Database,
  shopOrderId: string,
): Promise<CommissionRow | undefined> {
  const [row] = await tx
    .select()
    .from(commissions)
    .where(and(eq(commissions.shopOrderId, shopOrderId)))
    .for("update");
  return row;
}

/** A member's balance per bucket: the sum of their ledger rows, nothing stored beside it. */
export async function balancesOf(db: Database, userId: string) {
  const rows = await db
    .select({
      bucket: ledgerEntries.bucket,
      cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.partnerUserId, userId))
    .groupBy(ledgerEntries.bucket);
  const of = (bucket: Bucket) => Number(rows.find((row) => row.bucket === bucket)?.cents ?? 0);
  return { pendingCents: of("pending"), approvedCents: of("approved"), paidCents: of("paid") };
}
