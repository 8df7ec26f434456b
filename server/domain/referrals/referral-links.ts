import crypto from "node:crypto";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { displayName } from "../../../lib/display-name";
import type { CreateReferral, ReferralLink } from "../../../lib/schemas/referrals";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { referralLinks, referralUses, users } from "../../db/schema";
import { AppError } from "../../errors";
import { recordAuditEvent } from "../audit/record-audit-event";
import { linkFunnel, openedByLink, ownerFunnel } from "./funnel";
import { effectiveStatus, isUnlimited, linkIsLiveSql, usageDisplay } from "./link-status";
import { recordVisit } from "./visits";

export type ReferralDeps = { db: Database; publicUrl: string };

const DAY_MS = 24 * 60 * 60 * 1000;

function referralUrl(publicUrl: string, token: string): string {
  const url = new URL("/register", publicUrl);
  url.searchParams.set("ref", token);
  return url.toString();
}

/** Creates a link for its owner: a 256-bit random token nobody can guess. */
export async function createReferralLink(
  deps: ReferralDeps,
  owner: UserRow,
  input: Required<Omit<CreateReferral, "label">> & { label?: string },
) {
  const token = crypto.randomBytes(32).toString("base64url");
  const [row] = await deps.db
    .insert(referralLinks)
    .values({
      ownerUserId: owner.id,
      token,
      label: input.label?.trim() || null,
      expiresAt: input.expiresInDays === 0 ? null : new Date(Date.now() + input.expiresInDays * DAY_MS),
      maxUses: input.maxUses === 0 ? null : input.maxUses,
    })
    .returning();
  if (!row) throw new AppError("INTERNAL");
  await recordAuditEvent(deps.db, {
    action: "referral.link_created",
    actorUserId: owner.id,
    details: { linkId: row.id, expiresInDays: input.expiresInDays, maxUses: input.maxUses },
  });
  const [link] = await toReferralLinks(deps, [row], owner);
  return link as ReferralLink;
}

type LinkRow = typeof referralLinks.$inferSelect;

async function toReferralLinks(deps: ReferralDeps, rows: LinkRow[], owner: UserRow): Promise<ReferralLink[]> {
  const ids = rows.map((row) => row.id);
  const registrations = ids.length
    ? await deps.db
        .select({
          linkId: referralUses.linkId,
          usedAt: referralUses.usedAt,
          type: referralUses.newUserType,
          user: {
            userType: users.userType,
            firstName: users.firstName,
            lastName: users.lastName,
            companyName: users.companyName,
            email: users.email,
            emailVerifiedAt: users.emailVerifiedAt,
            documentsUploadedAt: users.documentsUploadedAt,
            profileCompletedAt: users.profileCompletedAt,
            contractSignedAt: users.contractSignedAt,
            adminVerifiedAt: users.adminVerifiedAt,
            deletedAt: users.deletedAt,
          },
        })
        .from(referralUses)
        .leftJoin(users, eq(users.id, referralUses.newUserId))
        .where(inArray(referralUses.linkId, ids))
        .orderBy(asc(referralUses.usedAt))
    : [];
  const opened = await openedByLink(deps.db, ids);
  return rows.map((row) => {
    const ofLink = registrations.filter((registration) => registration.linkId === row.id);
    return {
      id: row.id,
      token: row.token,
      link: referralUrl(deps.publicUrl, row.token),
      label: row.label,
      status: effectiveStatus(row, owner),
      created: row.createdAt.toISOString(),
      expires: row.expiresAt?.toISOString() ?? null,
      maxUses: row.maxUses ?? 0,
      used: row.uses,
      usageDisplay: usageDisplay(row),
      isUnlimited: isUnlimited(row),
      registrations: ofLink.map((registration) => ({
        // A deleted member keeps their place in the history, without the person.
        name:
          registration.user?.email && !registration.user.deletedAt
            ? displayName(registration.user, "") || null
            : null,
        type: registration.type,
        date: registration.usedAt.toISOString(),
      })),
      funnel: linkFunnel(
        opened.get(row.id) ?? 0,
        ofLink.map((registration) => (registration.user?.email ? registration.user : null)),
      ),
    };
  });
}

/** The owner's links, newest first (a user only ever sees their own). */
export async function listReferralLinks(deps: ReferralDeps, owner: UserRow): Promise<ReferralLink[]> {
  const rows = await deps.db
    .select()
    .from(referralLinks)
    .where(eq(referralLinks.ownerUserId, owner.id))
    .orderBy(desc(referralLinks.createdAt));
  return toReferralLinks(deps, rows, owner);
}

/** Owner or admin. Someone else's link reads as not found (no hint that it exists). */
export async function deactivateReferralLink(
  deps: ReferralDeps,
  actor: UserRow,
  linkId: string,
): Promise<void> {
  const isAdmin = actor.role === "admin" || actor.role === "super_admin";
  const [link] = await deps.db.select().from(referralLinks).where(eq(referralLinks.id, linkId)).limit(1);
  if (!link || (!isAdmin && link.ownerUserId !== actor.id))
    throw new AppError("NOT_FOUND", "referralLinkNotFound");
  if (link.status === "deactivated") return;
  await deps.db
    .update(referralLinks)
    .set({ status: "deactivated", deactivatedAt: new Date() })
    .where(eq(referralLinks.id, linkId));
  await recordAuditEvent(deps.db, {
    action: "referral.link_deactivated",
    actorUserId: actor.id,
    subjectUserId: link.ownerUserId,
    details: { linkId },
  });
}

/** Referral stats for the owner's links. */
export async function referralStats(deps: ReferralDeps, owner: UserRow) {
  const links = await deps.db.select().from(referralLinks).where(eq(referralLinks.ownerUserId, owner.id));
  const referred = await deps.db
    .select({ type: referralUses.newUserType, total: count() })
    .from(referralUses)
    .innerJoin(referralLinks, eq(referralLinks.id, referralUses.linkId))
    .where(eq(referralLinks.ownerUserId, owner.id))
    .groupBy(referralUses.newUserType);
  const byType = (type: "personal" | "company") => referred.find((row) => row.type === type)?.total ?? 0;
  return {
    totalLinks: links.length,
    activeLinks: links.filter((link) => effectiveStatus(link, owner) === "active").length,
    linksUsed: links.filter((link) => link.uses > 0).length,
    companyUsersReferred: byType("company"),
    personalUsersReferred: byType("personal"),
    funnel: await ownerFunnel(deps.db, owner.id),
  };
}

/**
 * Public info for /register: 404 unknown; 410 expired, used up, deactivated or owner inactive.
 * A usable link's answer counts its visitor for the funnel (once a day, see visits.ts).
 */
export async function referralInfo(
  deps: ReferralDeps,
  token: string,
  visit: { secret: string; ip: string | null; userAgent: string | null },
) {
  const [row] = await deps.db
    .select({ link: referralLinks, owner: users })
    .from(referralLinks)
    .leftJoin(users, eq(users.id, referralLinks.ownerUserId))
    .where(eq(referralLinks.token, token))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "referralLinkInvalid");
  if (effectiveStatus(row.link, row.owner) !== "active" || row.owner?.status !== "active") {
    throw new AppError("GONE", "referralLinkInvalid");
  }
  const owner = row.owner;
  await recordVisit(deps.db, visit.secret, row.link.id, visit);
  return {
    success: true as const,
    referrerName: displayName(owner, "") || null,
    referrerEmail: owner.email,
    isUnlimited: isUnlimited(row.link),
    usesRemaining: row.link.maxUses === null ? null : Math.max(0, row.link.maxUses - row.link.uses),
  };
}

/** The condition under which a link may take one more registration, for the conditional UPDATE. */
export function linkAcceptsUseCondition(linkId: string) {
  return and(
    eq(referralLinks.id, linkId),
    eq(referralLinks.status, "active"),
    linkIsLiveSql(),
    sql`exists (select 1 from ${users} where ${users.id} = ${referralLinks.ownerUserId} and ${users.status} = 'active')`,
  );
}
