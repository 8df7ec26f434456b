import { and, eq, isNull } from "drizzle-orm";
import type { ChangePasswordInput } from "../../../lib/schemas/account-security";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { passwordResetTokens, users } from "../../db/schema";
import { AppError, fieldRefusal } from "../../errors";
import { recordOwnAuditEvent } from "../audit/record-audit-event";
import { passwordChangedMail } from "../mail/templates";
import { clearRateLimit, hitRateLimit } from "../security/rate-limit";
import type { AuthDeps, RequestContext } from "./auth-deps";
import { signInDetails } from "./new-browser";
import { hashPassword, verifyPassword } from "./passwords";
import { revokeUserSessions } from "./revoke-sessions";

/** Wrong current passwords per account, as for logins: a stolen session cannot guess on. */
const PASSWORD_CHANGE_LIMIT = { limit: 5, windowSeconds: 15 * 60 };

/**
 * Changes the signed-in member's password. The current one is required, and its failures are
 * counted per account before the hash is checked, so parallel guesses cannot all slip under the
 * limit; a throttled attempt costs no hashing. On success, in one transaction: the new hash, every
 * other session ended (this one stays), reset links still open spent (they were meant for the old
 * password), and the confirmation mail queued.
 */
export async function changePassword(
  deps: AuthDeps,
  caller: { user: UserRow; sessionId: string },
  input: ChangePasswordInput,
  context: RequestContext,
): Promise<{ otherSessionsEnded: number }> {
  const { db } = deps;
  const { user } = caller;
  const key = `password-change:account:${user.id}`;
  const attempt = await hitRateLimit(db, key, PASSWORD_CHANGE_LIMIT);
  if (attempt.exceeded) {
    await recordOwnAuditEvent(db, user.id, { action: "auth.password_change_throttled", ip: context.ip });
    throw new AppError("RATE_LIMITED", undefined, { retryAfterSeconds: attempt.retryAfterSeconds });
  }
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await recordOwnAuditEvent(db, user.id, { action: "auth.password_change_failed", ip: context.ip });
    throw fieldRefusal("currentPassword", "currentPasswordWrong");
  }

  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  const ended = await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    const otherSessionsEnded = await revokeUserSessions(database, user.id, "password_changed", {
      keepSessionId: caller.sessionId,
      at: now,
    });
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await deps.mail.enqueue(
      database,
      passwordChangedMail(
        user.email,
        user.language,
        signInDetails(context, now),
        new URL("/password-reset", deps.config.publicUrl).toString(),
      ),
    );
    await recordOwnAuditEvent(database, user.id, {
      action: "auth.password_changed",
      details: { otherSessionsEnded },
      ip: context.ip,
    });
    return otherSessionsEnded;
  });
  deps.mail.wake();
  await clearRateLimit(db, key);
  return { otherSessionsEnded: ended };
}
