import { type SQL, sql } from "drizzle-orm";
import { DEACTIVATED_LINK_STATUS, type LinkLiveness, linkLiveness } from "../../../lib/link-liveness";
import type { ReferralStatus } from "../../../lib/schemas/referrals";
import { referralLinks } from "../../db/schema";

type LinkFacts = {
  status: ReferralStatus;
  expiresAt: Date | null;
  maxUses: number | null;
  uses: number;
};
type OwnerFacts = { status: "pending" | "active" | "suspended" } | null | undefined;

export const isUnlimited = (link: Pick<LinkFacts, "maxUses">) => link.maxUses === null;

/**
 * What a link is now: deactivated by hand; inactive when expired, used up (lib/link-liveness.ts),
 * or its owner is gone or suspended; pending while its owner awaits approval; otherwise active.
 */
export function effectiveStatus(link: LinkFacts, owner: OwnerFacts, now = new Date()): ReferralStatus {
  const liveness = linkLiveness(link, now);
  if (liveness === "deactivated") return "deactivated";
  if (!owner || owner.status === "suspended") return "inactive";
  if (liveness !== "live") return "inactive";
  if (owner.status === "pending") return "pending";
  return link.status;
}

const state = (liveness: LinkLiveness) => sql`${liveness}::text`;

/**
 * linkLiveness in SQL, for a query on referral_links: the same checks in the same order, against
 * the database's clock (now(), the transaction's start) or, for a test, the given time. Tested
 * against the TypeScript on the same rows (link-liveness.test.ts).
 */
export function linkLivenessSql(now?: Date): SQL<LinkLiveness> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  return sql<LinkLiveness>`(case
    when ${referralLinks.status} = ${DEACTIVATED_LINK_STATUS} then ${state("deactivated")}
    when ${referralLinks.expiresAt} is not null and ${referralLinks.expiresAt} <= ${at} then ${state("expired")}
    when ${referralLinks.maxUses} is not null and ${referralLinks.uses} >= ${referralLinks.maxUses} then ${state("usedUp")}
    else ${state("live")}
  end)`;
}

/** The link is live (linkLivenessSql): a condition for a WHERE. */
export const linkIsLiveSql = (now?: Date): SQL => sql`${linkLivenessSql(now)} = ${state("live")}`;

/** UsageDisplay: '∞' or 'used/max'. */
export function usageDisplay(link: Pick<LinkFacts, "maxUses" | "uses">): string {
  return link.maxUses === null ? "∞" : `${link.uses}/${link.maxUses}`;
}
