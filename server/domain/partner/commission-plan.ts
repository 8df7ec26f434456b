import { eq } from "drizzle-orm";
import type { CommissionPlan } from "../../../lib/schemas/partner";
import type { Database } from "../../db";
import { commissionPlan } from "../../db/schema";
import type { Actor } from "../actor";
import { recordAuditEvent } from "../audit/record-audit-event";

/** The plan as the ledger applies it: rates in basis points (1 % = 100). */
export type PlanRates = {
  personalBasisPoints: number;
  companyBasisPoints: number;
  minimumOrderCents: number;
};

/** Until a super admin sets a plan, orders earn nothing: no money is promised by default. */
const NO_PLAN: PlanRates = { personalBasisPoints: 0, companyBasisPoints: 0, minimumOrderCents: 0 };

const PLAN_ID = 1;

const toBasisPoints = (percent: number) => Math.round(percent * 100);
const toPercent = (basisPoints: number) => basisPoints / 100;

/** The rates in force now, inside the caller's transaction when it has one. */
export async function readPlanRates(db: Database): Promise<PlanRates> {
  const [row] = await db.select().from(commissionPlan).where(eq(commissionPlan.id, PLAN_ID));
  return row ?? NO_PLAN;
}

export async function readCommissionPlan(
  db: Database,
): Promise<CommissionPlan & { updatedAt: string | null }> {
  const [row] = await db.select().from(commissionPlan).where(eq(commissionPlan.id, PLAN_ID));
  const rates = row ?? NO_PLAN;
  return {
    personalPercent: toPercent(rates.personalBasisPoints),
    companyPercent: toPercent(rates.companyBasisPoints),
    minimumOrderCents: rates.minimumOrderCents,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/**
 * Sets the plan for orders reported from now on; a commission keeps the rate it was earned at.
 * Audited with the rates before and after.
 */
export async function setCommissionPlan(db: Database, plan: CommissionPlan, actor: Actor) {
  const rates: PlanRates = {
    personalBasisPoints: toBasisPoints(plan.personalPercent),
    companyBasisPoints: toBasisPoints(plan.companyPercent),
    minimumOrderCents: plan.minimumOrderCents,
  };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(commissionPlan)
      .where(eq(commissionPlan.id, PLAN_ID))
      .for("update");
    const values = { ...rates, updatedByUserId: actor.actorId, updatedAt: new Date() };
    await tx
      .insert(commissionPlan)
      .values({ id: PLAN_ID, ...values })
      .onConflictDoUpdate({ target: commissionPlan.id, set: values });
    await recordAuditEvent(tx, {
      action: "admin.commission_plan_changed",
      actorUserId: actor.actorId,
      details: {
        before: before
          ? {
              personalBasisPoints: before.personalBasisPoints,
              companyBasisPoints: before.companyBasisPoints,
              minimumOrderCents: before.minimumOrderCents,
            }
          : null,
        after: rates,
      },
      ip: actor.ip,
    });
  });
  return readCommissionPlan(db);
}
