import { and, asc, inArray, isNotNull, lte, notExists, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db";
import { commissions, ledgerEntries } from "../../db/schema";
import { createPeriodicJob, type PeriodicJob } from "../../infra/jobs/periodic-job";
import type { JobRecorder } from "../../infra/metrics/app-metrics";
import { recordApproved } from "./ledger";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Commissions approved per transaction: short transactions, which PGlite's one connection needs. */
const APPROVE_BATCH_SIZE = 200;

/**
 * Approves every commission earned at least `holdDays` ago that no refund reversed. The hold
 * counts from when the order reached us, not from the day the shop says it was placed: an order
 * reported late still gets the whole refund window. Each batch locks its commissions
 * (`SKIP LOCKED`: instances running at once take different ones, and a refund of one of them
 * waits for the batch and then finds it approved). Returns how many were approved.
 */
export async function approveHeldCommissions(db: Database, now: Date, holdDays: number): Promise<number> {
  const cutoff = new Date(now.getTime() - holdDays * DAY_MS);
  let approved = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: commissions.id,
          partnerUserId: commissions.partnerUserId,
          amountCents: commissions.amountCents,
        })
        .from(commissions)
        .where(
          and(
            lte(commissions.earnedAt, cutoff),
            // A deleted partner's commission is never paid: it stays as it was.
            isNotNull(commissions.partnerUserId),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(ledgerEntries)
                .where(
                  and(
                    sql`${ledgerEntries.commissionId} = ${commissions.id}`,
                    inArray(ledgerEntries.event, ["approved", "reversed"]),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(commissions.earnedAt))
        .limit(APPROVE_BATCH_SIZE)
        .for("update", { of: commissions, skipLocked: true });
      if (due.length === 0) return 0;
      // A refund that held one of these until just now has reversed it: read again, after the
      // lock, with a statement of its own (its snapshot sees that refund).
      const settled = await tx
        .selectDistinct({ id: ledgerEntries.commissionId })
        .from(ledgerEntries)
        .where(
          and(
            inArray(
              ledgerEntries.commissionId,
              due.map((commission) => commission.id),
            ),
            inArray(ledgerEntries.event, ["approved", "reversed"]),
          ),
        );
      const done = new Set(settled.map((row) => row.id));
      for (const commission of due) {
        if (!done.has(commission.id)) await recordApproved(tx, commission);
      }
      return due.length;
    });
    approved += batch;
    if (batch < APPROVE_BATCH_SIZE) break;
  }
  return approved;
}

/** Hold periods are days: an hourly run approves a commission at most an hour late. */
const RUN_EVERY_MS = 60 * 60_000;
const FIRST_RUN_AFTER_MS = 60_000;

/** Runs the approval in every API instance, hourly; instances share the work (see above). */
export function createCommissionHoldJob(
  deps: { db: Database; holdDays: number; logger: Logger; jobs?: JobRecorder },
  { everyMs = RUN_EVERY_MS, firstAfterMs = FIRST_RUN_AFTER_MS } = {},
): PeriodicJob {
  return createPeriodicJob(
    async () => {
      const approved = await approveHeldCommissions(deps.db, new Date(), deps.holdDays);
      if (approved > 0) deps.logger.info({ approved }, "commissions approved after their hold");
    },
    {
      name: "commission_hold",
      everyMs,
      firstAfterMs,
      jobs: deps.jobs,
      // The database may be away for a moment; the next run finds the same commissions.
      onFailure: (error) => deps.logger.warn({ err: error }, "commission approval run failed"),
    },
  );
}
