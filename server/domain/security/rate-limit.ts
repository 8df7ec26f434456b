import { and, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db";
import { rateLimits } from "../../db/schema";
import { limitNetwork } from "../../infra/client-ip";

export type RateLimitRule = { limit: number; windowSeconds: number };

/**
 * Keys name what they count as `<scope>:ip:<address>` for per-IP limits; an IPv6 address counts
 * for its whole /64 network, which one client usually holds.
 */
export function limitKey(key: string): string {
  return key.replace(/:ip:(.+)$/, (_, address: string) => `:ip:${limitNetwork(address)}`);
}

export type RateLimitHit = { count: number; exceeded: boolean; retryAfterSeconds: number };

/**
 * The atomic upsert that counts one event per key in a fixed window shared by every API
 * instance, as a query to run or to use as a CTE: parallel requests can neither lose counts nor
 * both slip under the limit. A new or expired window starts at now() plus the key's own window
 * (the inserted row's `window_ends_at`, which `excluded` refers to). The keys are locked in the
 * order given, so callers that always pass them in the same order cannot deadlock.
 */
export function rateLimitUpsert(db: Database, hits: { key: string | Placeholder; rule: RateLimitRule }[]) {
  return db
    .insert(rateLimits)
    .values(
      hits.map(({ key, rule }) => ({
        // A placeholder (a prepared statement's value) stands for the key as stored: limitKey's
        // result, which the caller passes.
        key: typeof key === "string" ? limitKey(key) : key,
        count: 1,
        windowEndsAt: sql`now() + make_interval(secs => ${rule.windowSeconds})`,
      })),
    )
    .onConflictDoUpdate({ target: rateLimits.key, set: countInWindow() })
    .returning({ key: rateLimits.key, count: rateLimits.count, windowEndsAt: rateLimits.windowEndsAt });
}

/** One more event in the key's window, or the first of a new window once it has ended. */
const countInWindow = () => ({
  count: sql`case when ${rateLimits.windowEndsAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
  windowEndsAt: sql`case when ${rateLimits.windowEndsAt} <= now() then excluded.window_ends_at else ${rateLimits.windowEndsAt} end`,
});

/**
 * The upsert of rateLimitUpsert for one key, counting only when `when` holds: to run as a CTE of
 * the statement that does what is counted, so an event that turns out to be nothing new (a
 * repeat) writes no counter row, and the count and the work stay one statement.
 */
export function rateLimitUpsertWhen(db: Database, hit: { key: string; rule: RateLimitRule }, when: SQL) {
  return db
    .insert(rateLimits)
    .select(
      sql`select ${limitKey(hit.key)}, 1, now() + make_interval(secs => ${hit.rule.windowSeconds}) where ${when}`,
    )
    .onConflictDoUpdate({ target: rateLimits.key, set: countInWindow() })
    .returning({ count: rateLimits.count });
}

/** What one counted event means under its rule (the row the upsert returned for its key). */
function rateLimitOutcome(
  row: { count: number; windowEndsAt: Date } | undefined,
  rule: RateLimitRule,
): RateLimitHit {
  const count = row?.count ?? 1;
  return {
    count,
    exceeded: count > rule.limit,
    retryAfterSeconds: Math.max(
      1,
      Math.ceil(((row?.windowEndsAt.getTime() ?? Date.now()) - Date.now()) / 1000),
    ),
  };
}

/** The outcome for `key` among the rows one rateLimitUpsert of several keys returned. */
export function rateLimitOutcomeOf(
  rows: { key: string; count: number; windowEndsAt: Date }[],
  key: string,
  rule: RateLimitRule,
): RateLimitHit {
  return rateLimitOutcome(
    rows.find((row) => row.key === limitKey(key)),
    rule,
  );
}

/** Counts one event under `rule` (see rateLimitUpsert). */
export async function hitRateLimit(db: Database, rawKey: string, rule: RateLimitRule): Promise<RateLimitHit> {
  const [row] = await rateLimitUpsert(db, [{ key: rawKey, rule }]);
  return rateLimitOutcome(row, rule);
}

export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, limitKey(key)));
}

/** Takes back one event of the current window (an attempt counted up front that was no failure). */
export async function releaseRateLimit(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, limitKey(key)), sql`${rateLimits.windowEndsAt} > now()`));
}
