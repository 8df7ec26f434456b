import { eq } from "drizzle-orm";
import type { ShopOrderInput, ShopOrderResult } from "../../../lib/schemas/partner";
import type { Database } from "../../db";
import { commissions, shopOrders, users } from "../../db/schema";
import { AppError } from "../../errors";
import { readPlanRates } from "./commission-plan";
import { commissionCents, lockCommissionOfOrder, recordEarned, recordReversed } from "./ledger";

type OrderRow = typeof shopOrders.$inferSelect;

const resultOf = (row: OrderRow): ShopOrderResult => ({
  orderId: row.orderId,
  status: row.status,
  receivedAt: row.receivedAt.toISOString(),
});

/** What identifies an order beside its id: a report that changes any of these is not a repeat. */
const sameOrder = (row: OrderRow, input: ShopOrderInput) =>
  // A buyer deleted since is null here: their order's refund must still reverse the commission.
  (row.buyerUserId === null || row.buyerUserId === input.buyerSub) &&
  row.amountCents === input.amountCents &&
  row.currency === input.currency &&
  row.placedAt.getTime() === new Date(input.placedAt).getTime();

/**
 * A paid order earns its buyer's inviter a commission: single level (the inviter's own inviter
 * gets nothing), never on the inviter's own purchase, only while the inviter is approved and not
 * suspended, at the plan's rate for the inviter's account type, from the plan's minimum order up.
 */
async function earnCommission(tx: Database, order: OrderRow): Promise<void> {
  if (!order.buyerUserId) return;
  const [buyer] = await tx
    .select({ inviterId: users.referredByUserId })
    .from(users)
    .where(eq(users.id, order.buyerUserId));
  const inviterId = buyer?.inviterId;
  if (!inviterId || inviterId === order.buyerUserId) return;
  const [inviter] = await tx
    .select({ userType: users.userType, status: users.status, approvedAt: users.adminVerifiedAt })
    .from(users)
    .where(eq(users.id, inviterId));
  if (!inviter || inviter.approvedAt === null || inviter.status === "suspended") return;
  const plan = await readPlanRates(tx);
  if (order.amountCents < plan.minimumOrderCents) return;
  const basisPoints = inviter.userType === "company" ? plan.companyBasisPoints : plan.personalBasisPoints;
  const amountCents = commissionCents(order.amountCents, basisPoints);
  if (amountCents <= 0) return;
  const [commission] = await tx
    .insert(commissions)
    .values({ shopOrderId: order.id, partnerUserId: inviterId, amountCents, basisPoints })
    .returning();
  if (!commission) throw new Error("commission insert returned nothing");
  await recordEarned(tx, commission);
}

/**
 * Records an order the shop reports, once per shop order id. A repeat of the same report is
 * answered as the first was and changes nothing; a refund of a paid order is applied once (its
 * commission reversed); anything else that differs from what was recorded is a conflict, never
 * a silent overwrite. 50 repeats at once: the unique order id makes one insert win, and the rest
 * wait on its row lock and then find it.
 */
export async function reportOrder(db: Database, input: ShopOrderInput): Promise<ShopOrderResult> {
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select({ id: shopOrders.id })
      .from(shopOrders)
      .where(eq(shopOrders.orderId, input.orderId));
    if (!known) await assertBuyerExists(tx, input.buyerSub);
    const [inserted] = await tx
      .insert(shopOrders)
      .values({
        orderId: input.orderId,
        buyerUserId: input.buyerSub,
        amountCents: input.amountCents,
        currency: input.currency,
        placedAt: new Date(input.placedAt),
        status: input.status,
        refundedAt: input.status === "refunded" ? new Date() : null,
      })
      .onConflictDoNothing({ target: shopOrders.orderId })
      .returning();
    if (inserted) {
      if (inserted.status === "paid") await earnCommission(tx, inserted);
      return resultOf(inserted);
    }
    const [existing] = await tx
      .select()
      .from(shopOrders)
      .where(eq(shopOrders.orderId, input.orderId))
      .for("update");
    if (!existing) throw new Error("the order that conflicted is gone");
    if (!sameOrder(existing, input)) {
      throw new AppError("ORDER_CONFLICT", "orderReportedDifferently");
    }
    if (existing.status === input.status) return resultOf(existing);
    if (existing.status === "refunded") {
      throw new AppError("ORDER_CONFLICT", "refundedOrderNotPayable");
    }
    const [refunded] = await tx
      .update(shopOrders)
      .set({ status: "refunded", refundedAt: new Date() })
      .where(eq(shopOrders.id, existing.id))
      .returning();
    if (!refunded) throw new Error("the refunded order is gone");
    const commission = await lockCommissionOfOrder(tx, existing.id);
    if (commission) await recordReversed(tx, commission);
    return resultOf(refunded);
  });
}

/** A new order's buyer must be an account of ours: the shop knows them by the `sub` of their sign-in. */
async function assertBuyerExists(db: Database, buyerSub: string): Promise<void> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, buyerSub));
  if (!row) throw new AppError("BUYER_UNKNOWN");
}
