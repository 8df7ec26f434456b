import type { ReferralStatus } from "../../../lib/schemas/referrals";

type LinkFacts = {
  status: ReferralStatus;
  expiresAt: Date | null;
  maxUses: number | null;
  uses: number;
};
type OwnerFacts = { status: "pending" | "active" | "suspended" } | null | undefined;

export const isUnlimited = (link: Pick<LinkFacts, "maxUses">) => link.maxUses === null;

function usesRemaining(link: Pick<LinkFacts, "maxUses" | "uses">): number | null {
  return link.maxUses === null ? null : Math.max(0, link.maxUses - link.uses);
}

/**
 * What a link is now: deactivated by hand; inactive when expired, used up, or its owner is gone
 * or suspended; pending while its owner awaits approval; otherwise active.
 */
export function effectiveStatus(link: LinkFacts, owner: OwnerFacts, now = new Date()): ReferralStatus {
  if (link.status === "deactivated") return "deactivated";
  if (!owner || owner.status === "suspended") return "inactive";
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return "inactive";
  if (usesRemaining(link) === 0) return "inactive";
  if (owner.status === "pending") return "pending";
  return link.status;
}

/** UsageDisplay: '∞' or 'used/max'. */
export function usageDisplay(link: Pick<LinkFacts, "maxUses" | "uses">): string {
  return link.maxUses === null ? "∞" : `${link.uses}/${link.maxUses}`;
}
