import { count, eq, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { ReferralFunnel } from "../../../lib/schemas/referrals";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { referralLinks, referralUses, referralVisits, users } from "../../db/schema";
import { missingOnboardingSteps, onboardingFinished } from "../admin/awaiting-verification";

/**
 * The funnel's steps, each counting the people who reached it: opened (distinct visitors a day,
 * summed over the days), registered (a registration through the link, kept when the member is
 * deleted), finished onboarding (all four steps, the rule the verify queue approves by) and
 * approved (verified by an admin). An approved member counts as onboarded even if a step was
 * sent back afterwards: they got that far.
 */
type Invitee = Pick<
  UserRow,
  "emailVerifiedAt" | "documentsUploadedAt" | "profileCompletedAt" | "contractSignedAt" | "adminVerifiedAt"
>;

const reachedApproval = (user: Invitee | null) => Boolean(user?.adminVerifiedAt);
const reachedOnboarding = (user: Invitee | null) =>
  Boolean(user) && (reachedApproval(user) || missingOnboardingSteps(user as Invitee).length === 0);

const onboardedSql = (): SQL => or(isNotNull(users.adminVerifiedAt), onboardingFinished()) as SQL;

/** Visitors per link (all days), for the links in `linkIds`. */
export async function openedByLink(db: Database, linkIds: string[]): Promise<Map<string, number>> {
  if (linkIds.length === 0) return new Map();
  const rows = await db
    .select({ linkId: referralVisits.linkId, opened: count() })
    .from(referralVisits)
    .where(inArray(referralVisits.linkId, linkIds))
    .groupBy(referralVisits.linkId);
  return new Map(rows.map((row) => [row.linkId, row.opened]));
}

/** One link's funnel from its visitor count and the members its registrations made (null: deleted). */
export function linkFunnel(opened: number, invitees: (Invitee | null)[]): ReferralFunnel {
  return {
    opened,
    registered: invitees.length,
    onboarded: invitees.filter(reachedOnboarding).length,
    approved: invitees.filter(reachedApproval).length,
  };
}

/** The member's funnel over all their links: two counting queries, whatever the number of links. */
export async function ownerFunnel(db: Database, ownerId: string): Promise<ReferralFunnel> {
  const [[visits], [people]] = await Promise.all([
    db
      .select({ opened: count() })
      .from(referralVisits)
      .innerJoin(referralLinks, eq(referralLinks.id, referralVisits.linkId))
      .where(eq(referralLinks.ownerUserId, ownerId)),
    db
      .select({
        registered: count(),
        onboarded: sql<number>`count(*) filter (where ${onboardedSql()})`.mapWith(Number),
        approved: sql<number>`count(*) filter (where ${users.adminVerifiedAt} is not null)`.mapWith(Number),
      })
      .from(referralUses)
      .innerJoin(referralLinks, eq(referralLinks.id, referralUses.linkId))
      .leftJoin(users, eq(users.id, referralUses.newUserId))
      .where(eq(referralLinks.ownerUserId, ownerId)),
  ]);
  return {
    opened: visits?.opened ?? 0,
    registered: people?.registered ?? 0,
    onboarded: people?.onboarded ?? 0,
    approved: people?.approved ?? 0,
  };
}
