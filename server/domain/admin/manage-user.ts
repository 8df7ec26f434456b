import { and, desc, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db";
import { auditLog, documents, users } from "../../db/schema";
import { AppError } from "../../errors";
import type { ObjectStorage } from "../../infra/storage/types";
import { recordAuditEvent } from "../audit/record-audit-event";
import { revokeUserSessions } from "../auth/revoke-sessions";
import { type Notifier, queueSecurityNotice } from "../auth/security-notices";
import { assertMayManage, lockParties, type Role } from "./admin-rules";

export type AdminActionContext = { actorId: string; ip: string | null };

const notFound = () => new AppError("NOT_FOUND", "User not found");

export const AUDIT_ACTIONS = {
  deleted: "admin.user_deleted",
  suspended: "admin.user_suspended",
  reactivated: "admin.user_reactivated",
  roleChanged: "admin.user_role_changed",
  exported: "admin.user_exported",
  listExported: "admin.user_list_exported",
} as const;

/**
 * Permanently deletes a user with everything that belongs to them: the row goes and
 * the database cascades to profiles, documents, sessions, refresh tokens, codes and permissions;
 * their referral links and the referral-use history stay with the person nulled, so counts keep.
 * Stored files are deleted after the commit (a rollback must not lose files of a kept user).
 */
export async function deleteUser(
  deps: { db: Database; storage: ObjectStorage; logger: Logger },
  targetId: string,
  context: AdminActionContext,
): Promise<void> {
  const storageKeys = await deps.db.transaction(async (tx) => {
    const { actor, target, otherActiveSuperAdmins } = await lockParties(tx, context.actorId, targetId);
    if (!target) throw notFound();
    assertMayManage("delete", actor, target, otherActiveSuperAdmins);
    const files = await tx
      .select({ storageKey: documents.storageKey, kind: documents.kind })
      .from(documents)
      .where(eq(documents.userId, targetId));
    // Sessions go with the row (cascade); revoking first leaves a reason on any stray reader.
    await revokeUserSessions(tx, targetId, "user_deleted");
    await tx.delete(users).where(eq(users.id, targetId));
    // The subject row is gone, so its id stays in the details (no email: it was personal data).
    await recordAuditEvent(tx, {
      action: AUDIT_ACTIONS.deleted,
      actorUserId: context.actorId,
      subjectUserId: null,
      details: {
        userId: targetId,
        role: target.role,
        status: target.status,
        documentsDeleted: files.length,
      },
      ip: context.ip,
    });
    return files.map((file) => file.storageKey);
  });
  const results = await Promise.allSettled(storageKeys.map((key) => deps.storage.delete(key)));
  const failed = results.filter((result) => result.status === "rejected").length;
  if (failed > 0) {
    deps.logger.error({ userId: targetId, failed }, "deleted user: some stored files could not be deleted");
  }
}

/**
 * Suspends the account: no login, every session ends now, and their referral
 * links read inactive while suspended (effectiveStatus), coming back on reactivation.
 */
export async function suspendUser(db: Database, targetId: string, context: AdminActionContext) {
  await db.transaction(async (tx) => {
    const { actor, target, otherActiveSuperAdmins } = await lockParties(tx, context.actorId, targetId);
    if (!target) throw notFound();
    assertMayManage("suspend", actor, target, otherActiveSuperAdmins);
    if (target.status === "suspended") throw new AppError("CONFLICT", "The user is already suspended.");
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
export async function reactivateUser(db: Database, targetId: string, context: AdminActionContext) {
  return db.transaction(async (tx) => {
    const { actor, target, otherActiveSuperAdmins } = await lockParties(tx, context.actorId, targetId);
    if (!target) throw notFound();
    assertMayManage("reactivate", actor, target, otherActiveSuperAdmins);
    if (target.status !== "suspended") throw new AppError("CONFLICT", "The user is not suspended.");
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
  context: AdminActionContext,
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
