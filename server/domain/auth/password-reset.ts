import { and, eq, gt, isNull } from "drizzle-orm";
import type { Locale } from "../../../lib/i18n/config";
import type { Database } from "../../db";
import { findUserByEmail, type UserRow } from "../../db/queries/users";
import { passwordResetTokens, users } from "../../db/schema";
import { AppError } from "../../errors";
import { createOpaqueToken, hashOpaqueToken } from "../../infra/tokens";
import { recordAuditEvent } from "../audit/record-audit-event";
import { passwordResetMail } from "../mail/templates";
import { hitRateLimit } from "../security/rate-limit";
import type { AuthDeps, RequestContext } from "./auth-deps";
import { runInBackground } from "./background";
import { hashPassword } from "./passwords";
import { revokeUserSessions } from "./revoke-sessions";
import { queueSecurityNotice } from "./security-notices";

export const RESET_TOKEN_TTL_MINUTES = 30;
const LIMITS = {
  perEmail: { limit: 1, windowSeconds: 5 * 60 },
  // Mails per address and day: one every 5 minutes would still be hundreds, a flood in the
  // owner's inbox sent by anyone who knows the address.
  perEmailPerDay: { limit: 5, windowSeconds: 24 * 60 * 60 },
  perIp: { limit: 10, windowSeconds: 60 * 60 },
  // Setting the new password: anonymous, and a live link costs an argon2 hash.
  setPerIp: { limit: 10, windowSeconds: 15 * 60 },
};
export const RESET_REQUESTED_MESSAGE = "If your email exists, you will receive a reset link.";

/** What sending a reset link needs: the database, the outbox and PUBLIC_URL. */
type ResetLinkDeps = Pick<AuthDeps, "db" | "mail"> & { config: Pick<AuthDeps["config"], "publicUrl"> };

/** Creates a single-use reset token and mails its link, built from PUBLIC_URL. */
async function sendPasswordResetLink(deps: ResetLinkDeps, user: UserRow, locale?: Locale): Promise<void> {
  const token = createOpaqueToken();
  const link = new URL("/password-reset-set", deps.config.publicUrl);
  link.searchParams.set("token", token);
  // The token and its mail commit together: no live link without a mail on its way, and no mail
  // with a link that was never stored.
  await deps.db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashOpaqueToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60 * 1000),
    });
    await deps.mail.enqueue(
      tx,
      passwordResetMail(user.email, locale ?? user.language, link.toString(), RESET_TOKEN_TTL_MINUTES),
    );
  });
  deps.mail.wake();
}

/** The same answer whether or not the email exists, 429 for both alike. */
export async function requestPasswordReset(
  deps: AuthDeps,
  input: { email: string; lang?: Locale },
  context: RequestContext,
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const [perEmail, perIp] = await Promise.all([
    hitRateLimit(deps.db, `reset:email:${email}`, LIMITS.perEmail),
    hitRateLimit(deps.db, `reset:ip:${context.ip ?? "unknown"}`, LIMITS.perIp),
  ]);
  if (perEmail.exceeded || perIp.exceeded) throw new AppError("RATE_LIMITED", "passwordResetTooSoon");
  // Keyed by the address, known or not, and counted only for requests that would mail, so the
  // day's cap answers alike for both and hammering the 5-minute wait spends none of it.
  const perDay = await hitRateLimit(deps.db, `reset:day:${email}`, LIMITS.perEmailPerDay);
  if (perDay.exceeded) {
    throw new AppError("RATE_LIMITED", "passwordResetTooSoon", {
      retryAfterSeconds: perDay.retryAfterSeconds,
    });
  }
  runInBackground(deps.logger, "password reset mail", async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user || user.status === "suspended") return;
    await sendPasswordResetLink(deps, user, input.lang);
    await recordAuditEvent(deps.db, {
      action: "auth.password_reset_requested",
      subjectUserId: user.id,
      ip: context.ip,
    });
  });
}

/** Admin action: 404 unknown user, 429 when a link went out a moment ago. */
export async function sendPasswordResetByAdmin(
  deps: AuthDeps,
  actorUserId: string,
  userId: string,
  context: RequestContext,
): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError("NOT_FOUND", "targetUserNotFound");
  const limit = await hitRateLimit(deps.db, `reset:admin:${user.id}`, LIMITS.perEmail);
  if (limit.exceeded) throw new AppError("RATE_LIMITED", "passwordResetTooSoon");
  await sendPasswordResetLink(deps, user);
  await recordAuditEvent(deps.db, {
    action: "admin.password_reset_sent",
    actorUserId,
    subjectUserId: user.id,
    ip: context.ip,
  });
}

/**
 * The operator's `npm run cli -- reset-password`: the owner gets the link and mail of "forgot
 * password" (same expiry), audited like an admin's with the command line as actor (no user: the
 * operator at the server's console). No rate limit: whoever runs it holds the server.
 */
export async function sendPasswordResetByOperator(deps: ResetLinkDeps, user: UserRow): Promise<void> {
  await sendPasswordResetLink(deps, user);
  await recordAuditEvent(deps.db, {
    action: "admin.password_reset_sent",
    actorUserId: null,
    subjectUserId: user.id,
    details: { via: "cli" },
    ip: null,
  });
}

async function findLiveToken(deps: AuthDeps, token: string) {
  const [row] = await deps.db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashOpaqueToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

export async function verifyPasswordResetToken(deps: AuthDeps, token: string): Promise<void> {
  if (!(await findLiveToken(deps, token))) throw new AppError("RESET_TOKEN_INVALID");
}

/**
 * Sets the new password, spends the token and ends every session of the user.
 * Cheap checks come first: the caller's attempts are counted per IP, then the token is looked up;
 * only a live token earns the argon2 hash, so a flood of made-up tokens costs no hashing.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; newPassword: string },
  context: RequestContext,
): Promise<void> {
  const attempt = await hitRateLimit(deps.db, `reset:set:ip:${context.ip ?? "unknown"}`, LIMITS.setPerIp);
  if (attempt.exceeded) {
    throw new AppError("RATE_LIMITED", undefined, { retryAfterSeconds: attempt.retryAfterSeconds });
  }
  if (!(await findLiveToken(deps, input.token))) throw new AppError("RESET_TOKEN_INVALID");
  const passwordHash = await hashPassword(input.newPassword);
  // Spent in one conditional UPDATE: of two resets racing with one link, one wins.
  const userId = await deps.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashOpaqueToken(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) return undefined;
    // Any other link still open for this user dies with this one.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
    const [owner] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, spent.userId))
      .returning({ email: users.email, language: users.language });
    if (owner) {
      await queueSecurityNotice(
        deps,
        tx as unknown as Database,
        owner,
        { kind: "password_reset_completed" },
        context,
      );
    }
    return spent.userId;
  });
  if (!userId) throw new AppError("RESET_TOKEN_INVALID");
  deps.mail.wake();
  await revokeUserSessions(deps.db, userId, "password_reset");
  await recordAuditEvent(deps.db, { action: "auth.password_reset", subjectUserId: userId, ip: context.ip });
}
