import { and, desc, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db";
import { auditLog, users } from "../../db/schema";
import { AppError } from "../../errors";
import type { ObjectStorage } from "../../infra/storage/types";
import { deleteErasedFiles, eraseAccount } from "../account/erase-account";
import type { Actor } from "../actor";
import { recordAuditEvent } from "../audit/record-audit-event";
import { revokeUserSessions } from "../auth/revoke-sessions";
import { type Notifier, queueSecurityNotice } from "../auth/security-notices";
import type { MailOutbox } from "../mail/outbox";
import { assertMayManage, lockParties, type Role } from "./admin-rules";

const notFound = () => new AppError("NOT_FOUND", "userNotFound");

export const AUDIT_ACTIONS = {
  deleted: "admin.user_deleted",
  suspended: "admin.user_suspended",
  reactivated: "admin.user_reactivated",
  roleChanged: "admin.user_role_changed",
  exported: "admin.user_exported",
  listExported: "admin.user_list_exported",
} as const;

/**
 * Deletes a user as a member's own deletion does (account/erase-account.ts): sign-in ends for
 * good, the personal data is erased, and the row stays as a placeholder for the signed contracts
 * and audit rows that must be kept; their referral links are deactivated, the members they
 * invited keep their accounts. The stored ID images are deleted after the commit (a rollback
 * must not lose files of a kept user).
 */
export async function deleteUser(
  deps: { db: Database; storage: ObjectStorage; logger: Logger; mail: MailOutbox },
  targetId: string,
  context: Actor,
): Promise<void> {
  const erased = await deps.db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    const { actor, target, otherActiveSuperAdmins } = await lockParties(database, context.actorId, targetId);
    if (!target) throw notFound();
    assertMayManage("delete", actor, target, otherActiveSuperAdmins);
    const [account] = await tx
      .select({ id: users.id, email: users.email, language: users.language, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, targetId));
    // Already erased: there is nothing left to delete.
    if (!account || account.deletedAt) throw notFound();
    const result = await eraseAccount(database, deps.mail, account, "user_deleted");
    await recordAuditEvent(database, {
      action: AUDIT_ACTIONS.deleted,
      actorUserId: context.actorId,
      subjectUserId: targetId,
      details: {
        userId: targetId,
        role: target.role,
        status: target.status,
        documentsDeleted: result.documentsDeleted,
      },
      ip: context.ip,
    });
    return result;
  });
  deps.mail.wake();
  await deleteErasedFiles(deps, targetId, erased.storageKeys);
}

/**
 * Suspends the account: no login, every session ends now, and their referral
 * links read inactive while suspended (effectiveStatus), coming back on reactivation.
 */
export async function suspendUser(db: Database, targetId: string, context: Actor) {
  await db.transaction(async (tx) => {
    const { actor, target, otherActiveSuperAdmins } = await lockParties(tx, context.actorId, targetId);
    if (!target) throw notFound();
    assertMayManage("suspend", actor, target, otherActiveSuperAdmins);
    if (target.status === "suspended") throw new AppError("CONFLICT", "userAlreadySuspended");
    await tx.update(users).set({ status: "suspended", updatedAt: new Date() }).where(eq(users.id, targetId));
    await revokeUserSessions(tx, targetId, "suspended");
    await recordAuditEvent(tx, {
      action: AUDIT_ACTIONS.suspended,
      actorUserId: context.actorId,
      subjectUserId: targetId,
      details: { previousStatus: target.status },
      ip: context.ip,
    });
  });
}

/**
 * Lifts a suspension: the status it had before (from the suspension's audit entry), so an
 * unapproved member goes back to pending rather than skipping the admin's approval.
 */
export async function reactivateUser(db: Database, targetId: string, context: Actor) {
  return db.transaction(async (tx) => {
    const { actor, target, otherActiveSuperAdmins } = await lockParties(tx, context.actorId, targetId);
    if (!target) throw notFound();
    assertMayManage("reactivate", actor, target, otherActiveSuperAdmins);
    if (target.status !== "suspended") throw new AppError("CONFLICT", "userNotSuspended");
    const [suspension] = await tx
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, targetId), eq(auditLog.action, AUDIT_ACTIONS.suspended)))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(1);
    const previous = (suspension?.details as { previousStatus?: unknown } | undefined)?.previousStatus;
    const [row] = await tx
      .select({ adminVerifiedAt: users.adminVerifiedAt })
      .from(users)
      .where(eq(users.id, targetId));
    const status: "active" | "pending" =
      previous === "active" || previous === "pending"
        ? previous
        : row?.adminVerifiedAt || target.role !== "user"
          ? "active"
          : "pending";
    await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, targetId));
    await recordAuditEvent(tx, {
      action: AUDIT_ACTIONS.reactivated,
      actorUserId: context.actorId,
      subjectUserId: targetId,
      details: { status },
      ip: context.ip,
    });
    return status;
  });
}

/** Super admins only; never one's own role; the last active super admin stays one. Ends the target's sessions. */
export async function changeUserRole(
  db: Database,
  targetId: string,
  role: Role,
  context: Actor,
  notify: Notifier,
) {
  return db
    .transaction(async (tx) => {
      const { actor, target, otherActiveSuperAdmins } = await lockParties(tx, context.actorId, targetId);
      if (!target) throw notFound();
      assertMayManage("role", actor, target, otherActiveSuperAdmins, role);
      if (target.role === role) return { changed: false, role };
      const [promoted] = await tx
        .update(users)
        .set({ role, updatedAt: sql`now()` })
        .where(eq(users.id, targetId))
        .returning({ email: users.email, language: users.language, totpEnabledAt: users.totpEnabledAt });
      // Pages decide from the role in the access token: a new role starts with a new sign-in.
      await revokeUserSessions(tx, targetId, "role_changed");
      // A new admin without a second factor is told to set one up: until then the API answers
      // their admin calls with TWO_FACTOR_REQUIRED.
      if (promoted && target.role === "user" && role !== "user" && !promoted.totpEnabledAt) {
        await queueSecurityNotice(notify, tx, promoted, { kind: "two_factor_required" }, null);
      }
      await recordAuditEvent(tx, {
        action: AUDIT_ACTIONS.roleChanged,
        actorUserId: context.actorId,
        subjectUserId: targetId,
        details: { from: target.role, to: role },
        ip: context.ip,
      });
      return { changed: true, role };
    })
    .finally(() => notify.mail.wake());
}
