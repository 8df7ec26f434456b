/**
 * Whether a referral link can still bring someone in, written once. The API's view of a link
 * (server/domain/referrals/link-status.ts: effectiveStatus, and the SQL linkLivenessSql built
 * beside it from these constants, which the registration's conditional UPDATE uses) and the
 * owner's badge (components/referrals/link-status.ts) read it from here. Whether the link's
 * owner may still invite is a separate question (effectiveStatus). Free of zod and of the
 * database, like lib/vocabulary.ts, so a client component imports it as it is.
 */

/** A link is live, or the reason it is not, in the order they are checked: the first that holds wins. */
export const LINK_LIVENESS = ["deactivated", "expired", "usedUp", "live"] as const;
export type LinkLiveness = (typeof LINK_LIVENESS)[number];

/** The stored status of a link its owner or an admin turned off (referral_links.status). */
export const DEACTIVATED_LINK_STATUS = "deactivated";

/** What the rule reads of a link: its stored status, expiry (null: never) and use limit (null: none). */
export type LinkLimits = {
  status: string;
  /** A Date from the database, an ISO string from the API's answer. */
  expiresAt: Date | string | null;
  maxUses: number | null;
  uses: number;
};

/**
 * Deactivated by hand; else expired once its expiry is now or past; else used up once its uses
 * have reached its limit; else live.
 */
export function linkLiveness(link: LinkLimits, now: Date = new Date()): LinkLiveness {
  if (link.status === DEACTIVATED_LINK_STATUS) return "deactivated";
  if (link.expiresAt !== null && new Date(link.expiresAt).getTime() <= now.getTime()) return "expired";
  if (link.maxUses !== null && link.uses >= link.maxUses) return "usedUp";
  return "live";
}
