import { and, eq, sql } from "drizzle-orm";
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

/**
 * Counts one event in a fixed window shared by every API instance: one atomic upsert, so
 * parallel requests can neither lose counts nor both slip under the limit.
 */
export async function hitRateLimit(db: Database, rawKey: string, rule: RateLimitRule) {
  const key = limitKey(rawKey);
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const result = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowEndsAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowEndsAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        windowEndsAt: sql`case when ${rateLimits.windowEndsAt} <= now() then now() + ${window} else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({ count: rateLimits.count, windowEndsAt: rateLimits.windowEndsAt });
  const row = result[0];
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
