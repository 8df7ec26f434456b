import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../db";
import { findUserById, listUserPermissionNames } from "../../db/queries/users";
import { referralLinks, referralUses } from "../../db/schema";
import { AppError } from "../../errors";
import { loadProfile } from "../profile/load-profile";
import { effectiveStatus } from "../referrals/link-status";
import { toAdminUser, toUserStatus } from "./admin-user-view";
import { listAuditEntries } from "./audit-trail";
import { listUserDocumentRows } from "./user-documents";

const EXPORT_AUDIT_LIMIT = 1000;

/**
 * Everything stored about one user, as a JSON document for the admin (export). No
 * secrets: the IBAN stays masked, ID numbers and link tokens are left out, documents are
 * metadata only (no signed URLs), password hashes never leave the database.
 */
export async function exportUser(db: Database, userId: string) {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError("NOT_FOUND", "userNotFound");
  const links = await db
    .select({
      id: referralLinks.id,
      label: referralLinks.label,
      status: referralLinks.status,
      expiresAt: referralLinks.expiresAt,
      maxUses: referralLinks.maxUses,
      uses: referralLinks.uses,
      createdAt: referralLinks.createdAt,
      deactivatedAt: referralLinks.deactivatedAt,
    })
    .from(referralLinks)
    .where(eq(referralLinks.ownerUserId, userId));
  const linkIds = links.map((link) => link.id);
  const usesOfLinks = linkIds.length
    ? await db
        .select({
          linkId: referralUses.linkId,
          newUserId: referralUses.newUserId,
          newUserType: referralUses.newUserType,
          usedAt: referralUses.usedAt,
        })
        .from(referralUses)
        .where(inArray(referralUses.linkId, linkIds))
    : [];
  const [joinedThrough] = await db
    .select({
      linkId: referralUses.linkId,
      ownerUserId: referralLinks.ownerUserId,
      usedAt: referralUses.usedAt,
    })
    .from(referralUses)
    .innerJoin(referralLinks, eq(referralLinks.id, referralUses.linkId))
    .where(eq(referralUses.newUserId, userId))
    .limit(1);
  const owner = { status: row.status };
  const documentRows = await listUserDocumentRows(db, userId);
  const audit = await listAuditEntries(db, { userId, page: 1, pageSize: EXPORT_AUDIT_LIMIT });

  return {
    exportedAt: new Date().toISOString(),
    user: { ...toAdminUser(row), language: row.language, referred_by_user_id: row.referredByUserId },
    userStatus: toUserStatus(row),
    profile: await loadProfile(db, userId),
    permissions: await listUserPermissionNames(db, userId),
    documents: documentRows.map(({ storageKey: _key, createdAt, ...document }) => ({
      ...document,
      uploadedAt: createdAt.toISOString(),
    })),
    referralLinks: links.map((link) => ({
      id: link.id,
      label: link.label,
      status: effectiveStatus(link, owner),
      storedStatus: link.status,
      created: link.createdAt.toISOString(),
      expires: link.expiresAt?.toISOString() ?? null,
      maxUses: link.maxUses,
      used: link.uses,
      deactivatedAt: link.deactivatedAt?.toISOString() ?? null,
    })),
    referralUses: usesOfLinks.map((use) => ({
      linkId: use.linkId,
      newUserId: use.newUserId,
      newUserType: use.newUserType,
      usedAt: use.usedAt.toISOString(),
    })),
    referredThrough: joinedThrough
      ? {
          linkId: joinedThrough.linkId,
          ownerUserId: joinedThrough.ownerUserId,
          usedAt: joinedThrough.usedAt.toISOString(),
        }
      : null,
    auditTrail: audit.entries,
  };
}
