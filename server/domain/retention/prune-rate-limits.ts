import { type SQL, sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import { countRows, deleteBatch, inBatches, type RetentionDeps } from "./retention-settings";
import { walkTableBlocks } from "./walk-table-blocks";

/**
 * A rate-limit row past its window counts for nothing: the next event starts a new window at 1
 * (rate-limit.ts), a release or a spent challenge only touches a live window, and the
 * second-factor blocks and their escalation are windows stretched to the block's end. Deleting
 * it changes no answer, with one exception: `login-code:issued:<address>` is read as "this
 * address's code has run out" (CODE_EXPIRED) when past its window, and as "no code" (CODE_INVALID)
 * when missing, while a known account's expired code says CODE_EXPIRED by itself until it is
 * pruned. So that mark waits a day longer, past every code it stands for (pruned first, in the
 * same run), and known and unknown addresses answer alike at every moment.
 */
const deadWindow = (): SQL => sql`window_ends_at < now() and (key not like 'login-code:issued:%'
  or window_ends_at < now() - interval '1 day')`;

export async function countDeadRateLimits(deps: RetentionDeps): Promise<number> {
  return countRows(deps.db, rateLimits, deadWindow());
}

/** By blocks (walkTableBlocks): window_ends_at moves with every counted attempt, so no index. */
export async function pruneDeadRateLimits(deps: RetentionDeps, batchSize: number): Promise<number> {
  return walkTableBlocks(deps.db, "rate_limits", (slice) =>
    inBatches(batchSize, async () => {
      const deleted = await deleteBatch(deps.db, {
        table: rateLimits,
        key: sql`key`,
        where: sql`${slice} and ${deadWindow()}`,
        batchSize,
      });
      return { found: deleted.length, changed: deleted.length };
    }),
  );
}
