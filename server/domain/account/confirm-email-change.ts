import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../db";
import { byEmail, type UserRow } from "../../db/queries/users";
import { users } from "../../db/schema";
import { AppError } from "../../errors";
import { recordOwnAuditEvent } from "../audit/record-audit-event";
import type { AuthDeps, RequestContext } from "../auth/auth-deps";
import { consumeCode } from "../auth/one-time-codes";
import { revokeUserSessions } from "../auth/revoke-sessions";
import { queueSecurityNotice } from "../auth/security-notices";
import { lockOwnAccount } from "../lock-own-account";
import { hitRateLimit } from "../security/rate-limit";

/**
 * Each code allows 5 tries (one-time-codes.ts); this caps the guesses per account across codes,
 * so nobody takes an address they cannot read by asking for code after code.
 */
const GUESSES_PER_ACCOUNT = { limit: 20, windowSeconds: 24 * 60 * 60 };

/**
 * Makes the pending address the login email once its mailed code is entered. In one transaction:
 * the new email, every other session ended (this one stays: the member is using it), and the
 * notice to the old address, in the member's language, which always goes, so the owner of a
 * taken-over account hears of it where they still read.
 */
export async function confirmEmailChange(
  deps: Pick<AuthDeps, "db" | "mail" | "config">,
  caller: { user: UserRow; sessionId: string },
  input: { code: string },
  context: RequestContext,
): Promise<{ email: string; otherSessionsEnded: number }> {
  const { db } = deps;
  const { user } = caller;
  const guesses = await hitRateLimit(db, `email-change:guess:${user.id}`, GUESSES_PER_ACCOUNT);
  if (guesses.exceeded) {
    throw new AppError("CODE_ATTEMPTS_EXCEEDED", undefined, { retryAfterSeconds: guesses.retryAfterSeconds });
  }
  if (!user.pendingEmail) throw new AppError("CODE_EXPIRED");

  const result = await consumeCode(db, deps.config.codeSecret, user.id, "change_email", input.code);
  if (result !== "ok") {
    await recordOwnAuditEvent(db, user.id, {
      action: "account.email_change_failed",
      ip: context.ip,
      details: { result },
    });
    if (result === "too_many_attempts") throw new AppError("CODE_ATTEMPTS_EXCEEDED");
    if (result === "invalid") throw new AppError("CODE_INVALID");
    // No live code (none sent, or replaced) reads like an expired one: ask for a new code.
    throw new AppError("CODE_EXPIRED");
  }

  const changed = await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    const account = await lockOwnAccount(database, user.id);
    const newEmail = account.pendingEmail;
    if (!newEmail) throw new AppError("CODE_EXPIRED");
    // Someone may have registered the address since the code went out.
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(byEmail(newEmail), ne(users.id, account.id)))
      .limit(1);
    if (taken) {
      await tx.update(users).set({ pendingEmail: null }).where(eq(users.id, account.id));
      throw new AppError("CONFLICT", "newEmailUnavailable");
    }
    const now = new Date();
    await tx
      .update(users)
      .set({ email: newEmail, pendingEmail: null, updatedAt: now })
      .where(eq(users.id, account.id));
    const otherSessionsEnded = await revokeUserSessions(database, account.id, "email_changed", {
      keepSessionId: caller.sessionId,
      at: now,
    });
    await queueSecurityNotice(deps, database, account, { kind: "email_changed" }, context);
    await recordOwnAuditEvent(database, account.id, {
      action: "account.email_changed",
      details: { otherSessionsEnded },
      ip: context.ip,
    });
    return { email: newEmail, otherSessionsEnded };
  });
  deps.mail.wake();
  return changed;
}
