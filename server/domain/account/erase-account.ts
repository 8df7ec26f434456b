import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import {
  auditLog,
  authSessions,
  changeReviews,
  companyProfiles,
  documents,
  oneTimeCodes,
  passwordResetTokens,
  personalProfiles,
  referralLinks,
  totpRecoveryCodes,
  userPermissions,
  users,
  userTotp,
} from "../../db/schema";
import type { ObjectStorage } from "../../infra/storage/types";
import { revokeUserSessions } from "../auth/revoke-sessions";
import { shortenIp } from "../auth/shorten-ip";
import type { MailOutbox } from "../mail/outbox";
import { accountDeletedMail } from "../mail/templates";

/** The login email an erased account is left with: no mail reaches it, no one can register it. */
const erasedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * Erases an account in `tx` (the caller's transaction, with the row already locked and the
 * caller's rules checked): what it returns are the stored ID images to delete once `tx` has
 * committed (a rollback must not lose the files of a kept account; see deleteErasedFiles).
 *
 * The row stays as a placeholder, marked `deleted_at`, because what the operator must keep for
 * the commercial-records period points at it: the signed contracts (their evidence rows and
 * PDFs) and the audit rows. Everything else that names the person goes (docs/decisions/028):
 * - sign-in: the password hash, the email (a placeholder), the second factor, every session
 *   with its refresh tokens, codes and reset links;
 * - names, the profile of either type (phone, address, birth date, IBAN, company details), bank
 *   change reviews (they hold IBANs), the ID documents (rows with their numbers, and the images),
 *   permissions, a pending new email;
 * - the audit rows about the member keep only the network of their addresses;
 * - referral links are deactivated; the members invited through them keep their accounts, and
 *   their `referred_by` still names this row, which the invite tree shows as a deleted member.
 *
 * The confirmation mail goes to the original address in the same transaction, before it is
 * replaced: once committed, nothing is left to send it to.
 */
export async function eraseAccount(
  tx: Database,
  mail: MailOutbox,
  account: Pick<UserRow, "id" | "email" | "language">,
  reason: string,
): Promise<{ storageKeys: string[]; documentsDeleted: number }> {
  const userId = account.id;
  const now = new Date();
  await mail.enqueue(tx, accountDeletedMail(account.email, account.language));

  await revokeUserSessions(tx, userId, reason, { at: now });
  // The sessions hold addresses and browsers; ended, they are no evidence of anything kept.
  await tx.delete(authSessions).where(eq(authSessions.userId, userId));
  await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await tx.delete(userTotp).where(eq(userTotp.userId, userId));
  await tx.delete(userPermissions).where(eq(userPermissions.userId, userId));
  await tx.delete(personalProfiles).where(eq(personalProfiles.userId, userId));
  await tx.delete(companyProfiles).where(eq(companyProfiles.userId, userId));
  await tx.delete(changeReviews).where(eq(changeReviews.userId, userId));

  const idImages = await tx
    .delete(documents)
    .where(and(eq(documents.userId, userId), eq(documents.kind, "id")))
    .returning({ storageKey: documents.storageKey });
  // The signed contracts stay as evidence; their stored names may carry the member's name.
  await tx
    .update(documents)
    .set({ originalFilename: "contract.pdf" })
    .where(and(eq(documents.userId, userId), eq(documents.kind, "contract")));

  await tx
    .update(referralLinks)
    .set({ status: "deactivated", deactivatedAt: sql`coalesce(${referralLinks.deactivatedAt}, now())` })
    .where(eq(referralLinks.ownerUserId, userId));

  // The audit rows stay (who did what, when); the member's addresses in them only as networks
  // (a.b.c.x, or the /48 of an IPv6 address), as the sessions list shows them. One UPDATE per
  // distinct address: a member has used few.
  const aboutMember = or(eq(auditLog.subjectUserId, userId), eq(auditLog.actorUserId, userId));
  const addresses = await tx
    .selectDistinct({ ip: auditLog.ip })
    .from(auditLog)
    .where(and(aboutMember, isNotNull(auditLog.ip)));
  for (const { ip } of addresses) {
    const network = shortenIp(ip);
    if (!ip || network === ip) continue;
    await tx
      .update(auditLog)
      .set({ ip: network })
      .where(and(aboutMember, eq(auditLog.ip, ip)));
  }

  await tx
    .update(users)
    .set({
      email: erasedEmail(userId),
      passwordHash: null,
      firstName: null,
      lastName: null,
      sentBackReason: null,
      companyName: null,
      pendingEmail: null,
      totpEnabledAt: null,
      lastLoginAt: null,
      // The ID documents and the profile are gone: these steps no longer hold, which also keeps
      // the row out of the admins' verification queue.
      documentsUploadedAt: null,
      profileCompletedAt: null,
      notifyReferralRegistrations: false,
      notifyReferralApprovals: false,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  return { storageKeys: idImages.map((row) => row.storageKey), documentsDeleted: idImages.length };
}

/** The erased account's stored ID images, after the commit; a failure is logged, not thrown. */
export async function deleteErasedFiles(
  deps: { storage: ObjectStorage; logger: Logger },
  userId: string,
  storageKeys: string[],
): Promise<void> {
  const results = await Promise.allSettled(storageKeys.map((key) => deps.storage.delete(key)));
  const failed = results.filter((result) => result.status === "rejected").length;
  if (failed > 0) {
    deps.logger.error({ userId, failed }, "erased account: some stored files could not be deleted");
  }
}
