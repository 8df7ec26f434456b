import { eq } from "drizzle-orm";
import type { Database } from "../../db";
import { findUserById, type UserRow } from "../../db/queries/users";
import { totpRecoveryCodes, users, userTotp } from "../../db/schema";
import { AppError, fieldRefusal } from "../../errors";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { AuthDeps, RequestContext } from "./auth-deps";
import { revokeUserSessions } from "./revoke-sessions";
import { countSecondFactorGuess, secondFactorFailed, secondFactorSucceeded } from "./second-factor-guesses";
import { type Notifier, queueSecurityNotice } from "./security-notices";
import { consumeSecondFactor, totpSecretKeys } from "./totp";

const notFound = () => new AppError("NOT_FOUND", "userNotFound");

/**
 * Takes an account's second factor away, for an owner who lost it: secret and recovery codes
 * deleted, every session ended (whoever holds one may be why), audited with the reason, and the
 * owner mailed. The owner signs in with the password and sets a new one up (for an admin, the
 * API lets nothing else through until then). One transaction: the account's row is locked, so a
 * reset racing the owner's own enable ends with the factor off, never half removed.
 */
export async function removeSecondFactor(
  db: Database,
  notify: Notifier,
  target: Pick<UserRow, "id" | "email" | "language">,
  audit: { actorId: string | null; reason: string; ip: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    await tx.select({ id: users.id }).from(users).where(eq(users.id, target.id)).for("update");
    await tx.update(users).set({ totpEnabledAt: null, updatedAt: new Date() }).where(eq(users.id, target.id));
    await tx.delete(userTotp).where(eq(userTotp.userId, target.id));
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, target.id));
    const sessionsEnded = await revokeUserSessions(database, target.id, "two_factor_reset");
    await recordAuditEvent(database, {
      action: "admin.two_factor_reset",
      actorUserId: audit.actorId,
      subjectUserId: target.id,
      details: { reason: audit.reason, sessionsEnded },
      ip: audit.ip,
    });
    await queueSecurityNotice(
      notify,
      database,
      target,
      { kind: "two_factor_reset_by_admin", reason: audit.reason },
      null,
    );
  });
  notify.mail.wake();
}

/**
 * A super admin resets another account's second factor. Never their own (a stolen super admin
 * session must not be able to strip the factor that guards it), and only with the acting super
 * admin's own current code, counted against their own budget of guesses: a session left open is
 * not enough.
 */
export async function resetSecondFactorOf(
  deps: AuthDeps,
  actor: UserRow,
  targetId: string,
  input: { code: string; reason: string },
  context: RequestContext,
): Promise<void> {
  if (actor.role !== "super_admin") {
    throw new AppError("FORBIDDEN", "twoFactorResetSuperAdminOnly");
  }
  if (actor.id === targetId) {
    throw new AppError("FORBIDDEN", "twoFactorResetOwnRefused");
  }
  const target = await findUserById(deps.db, targetId);
  if (!target) throw notFound();
  const guess = await countSecondFactorGuess(deps, actor.id, context);
  if (!(await consumeSecondFactor(deps.db, totpSecretKeys(deps.config), actor.id, input.code))) {
    await secondFactorFailed(deps, actor, guess, context);
    throw fieldRefusal("code", "secondFactorCodeWrong");
  }
  await secondFactorSucceeded(deps.db, actor.id);
  if (!target.totpEnabledAt) throw new AppError("CONFLICT", "twoFactorNotOnForAccount");
  await removeSecondFactor(deps.db, { mail: deps.mail, publicUrl: deps.config.publicUrl }, target, {
    actorId: actor.id,
    reason: input.reason,
    ip: context.ip,
  });
}
