import { linkLiveness } from "@/lib/link-liveness";
import type { ReferralLink, ReferralStatus } from "@/lib/schemas/referrals";

/** What a link's badge says: the API's status, with the reason an inactive link stopped working. */
export type LinkBadge = Exclude<ReferralStatus, "inactive"> | "expired" | "usedUp" | "inactive";

/**
 * An inactive link is expired, used up (lib/link-liveness.ts), or (when neither) inactive because
 * its owner is: the owner needs the reason to know whether a new link would help.
 */
export function linkBadge(
  link: Pick<ReferralLink, "status" | "expires" | "maxUses" | "used" | "isUnlimited">,
  now: Date = new Date(),
): LinkBadge {
  if (link.status !== "inactive") return link.status;
  // The API's answer spells "no limit" as isUnlimited (its maxUses is then 0).
  const limits = {
    status: link.status,
    expiresAt: link.expires,
    maxUses: link.isUnlimited ? null : link.maxUses,
    uses: link.used,
  };
  const liveness = linkLiveness(limits, now);
  return liveness === "expired" || liveness === "usedUp" ? liveness : "inactive";
}

/** Links can still be copied and deactivated only while someone could register with them. */
export const isUsable = (link: Pick<ReferralLink, "status">) =>
  link.status === "active" || link.status === "pending";

export const LINKS_PER_PAGE = 10;

/** The page to show of `count` links: the asked one, kept inside the pages that exist. */
export function clampPage(page: number, count: number, perPage = LINKS_PER_PAGE): number {
  const pages = Math.max(1, Math.ceil(count / perPage));
  return Math.min(Math.max(1, page), pages);
}
