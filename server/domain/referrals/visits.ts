import crypto from "node:crypto";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Database } from "../../db";
import { referralVisits } from "../../db/schema";
import { limitNetwork } from "../../infra/client-ip";
import { rateLimitUpsertWhen } from "../security/rate-limit";

type Visitor = { ip: string | null; userAgent: string | null };

/** The UTC day a visit belongs to, as the `date` column stores it. */
const visitDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * A visitor of one day as a keyed hash: HMAC under that day's key (itself an HMAC of the secret
 * and the day) over the address and user agent. The same browser on the same day gives the same
 * hash, so it counts once; the next day's key gives another, so days cannot be linked. An IPv6
 * address counts by its /64 network, which one subscriber usually holds whole.
 */
export function visitorHash(secret: string, day: string, visitor: Visitor): string {
  const dayKey = crypto.createHmac("sha256", secret).update(`referral-visitor-day:${day}`).digest();
  const address = visitor.ip ? limitNetwork(visitor.ip) : "";
  return crypto
    .createHmac("sha256", dayKey)
    .update(`${address}\n${visitor.userAgent ?? ""}`)
    .digest("base64url")
    .slice(0, 22);
}

/**
 * New visitors recorded per client address (an IPv6 address by its /64, as the hash takes it)
 * across all links in a day. The info call stays open to every visitor, but past this a client
 * that varies its User-Agent (or its address within a /64) no longer adds rows or inflates
 * "opened"; a real visitor opens a handful of links a day.
 */
const VISITS_PER_ADDRESS = { limit: 20, windowSeconds: 24 * 60 * 60 };

/**
 * Counts the visitor once per link and day, in one statement: a visitor not yet recorded counts
 * against its address's daily allowance (a CTE, so a repeat visit writes nothing at all), and the
 * visit is inserted only while the allowance lasts.
 */
export async function recordVisit(
  db: Database,
  secret: string,
  linkId: string,
  visitor: Visitor,
  now = new Date(),
): Promise<void> {
  const day = visitDay(now);
  const hash = visitorHash(secret, day, visitor);
  const known = and(
    eq(referralVisits.linkId, linkId),
    eq(referralVisits.day, day),
    eq(referralVisits.visitorHash, hash),
  );
  const allowance = db
    .$with("allowance")
    .as(
      rateLimitUpsertWhen(
        db,
        { key: `referral-visit:ip:${visitor.ip ?? "unknown"}`, rule: VISITS_PER_ADDRESS },
        sql`not exists (select 1 from ${referralVisits} where ${known})`,
      ),
    );
  await db
    .with(allowance)
    .insert(referralVisits)
    .select((qb) =>
      qb
        .select({
          linkId: sql`${linkId}::uuid`.as("link_id"),
          day: sql`${day}::date`.as("day"),
          visitorHash: sql`${hash}`.as("visitor_hash"),
        })
        .from(allowance)
        .where(lte(allowance.count, VISITS_PER_ADDRESS.limit)),
    )
    .onConflictDoNothing();
}
