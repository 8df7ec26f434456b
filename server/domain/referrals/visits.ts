import crypto from "node:crypto";
import type { Database } from "../../db";
import { referralVisits } from "../../db/schema";
import { limitNetwork } from "../../infra/client-ip";

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

/** Counts the visitor once per link and day: one insert that a repeat visit leaves as it is. */
export async function recordVisit(
  db: Database,
  secret: string,
  linkId: string,
  visitor: Visitor,
  now = new Date(),
): Promise<void> {
  const day = visitDay(now);
  await db
    .insert(referralVisits)
    .values({ linkId, day, visitorHash: visitorHash(secret, day, visitor) })
    .onConflictDoNothing();
}
