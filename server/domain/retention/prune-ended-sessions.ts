import { inArray, type SQL, sql } from "drizzle-orm";
import { authSessions, refreshTokens } from "../../db/schema";
import { countRowsAndOwned, inBatches, type RetentionDeps, rowsOf } from "./retention-settings";
import { walkTableBlocks } from "./walk-table-blocks";

/**
 * A session ended when it was revoked, reached its absolute expiry or went unrefreshed for the
 * idle limit (refresh-session.ts), whichever came first; it goes with its refresh tokens once
 * that is more than SESSION_RETENTION_DAYS ago. Until then the member's security questions ("was
 * that sign-in me?") can still be answered from it.
 */
function endedBefore(deps: RetentionDeps): SQL {
  const { sessionRetentionDays: days, sessionIdleSeconds: idle } = deps.settings;
  const cutoff = sql`now() - make_interval(days => ${days})`;
  return sql`(revoked_at < ${cutoff} or expires_at < ${cutoff}
    or last_seen_at < ${cutoff} - make_interval(secs => ${idle}))`;
}

/**
 * Refresh tokens one batch deletes at most: a session refreshed every quarter of an hour for its
 * whole life has a few thousand rotated tokens, and they go in the same statement (the foreign
 * key cascades), so a batch takes fewer sessions when they have many.
 */
const REFRESH_TOKENS_PER_BATCH = 10_000;

export async function countEndedSessions(deps: RetentionDeps) {
  const { rows, owned } = await countRowsAndOwned(deps.db, {
    table: authSessions,
    where: endedBefore(deps),
    owned: refreshTokens,
    ownerColumn: refreshTokens.sessionId,
  });
  return { sessions: rows, refreshTokens: owned };
}

/** Deletes the ended sessions and their refresh tokens; see walkTableBlocks for why by blocks. */
export async function pruneEndedSessions(deps: RetentionDeps, batchSize: number) {
  let refreshTokens = 0;
  const sessions = await walkTableBlocks(deps.db, "auth_sessions", (slice) =>
    inBatches(batchSize, () =>
      deps.db.transaction(async (tx) => {
        const found = await rowsOf<{ id: string; tokens: number }>(
          tx,
          sql`
          with ended as (
            select id from ${authSessions} where ${slice} and ${endedBefore(deps)}
            limit ${batchSize} for update skip locked
          )
          select id, (select count(*) from refresh_tokens where session_id = ended.id)::int as tokens
          from ended`,
        );
        const ids: string[] = [];
        let tokens = 0;
        for (const row of found) {
          if (ids.length > 0 && tokens + Number(row.tokens) > REFRESH_TOKENS_PER_BATCH) break;
          ids.push(row.id);
          tokens += Number(row.tokens);
        }
        if (ids.length === 0) return { found: 0, changed: 0 };
        const deleted = await tx
          .delete(authSessions)
          .where(inArray(authSessions.id, ids))
          .returning({ id: authSessions.id });
        refreshTokens += tokens;
        // Sessions left out for their tokens are still due: a full batch means "look again".
        return { found: ids.length < found.length ? batchSize : found.length, changed: deleted.length };
      }),
    ),
  );
  return { sessions, refreshTokens };
}
