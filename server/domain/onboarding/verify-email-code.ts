import { and, eq, isNull } from "drizzle-orm";
import type { UserRow } from "../../db/queries/users";
import { users } from "../../db/schema";
import { AppError } from "../../errors";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { RequestContext } from "../auth/auth-deps";
import { consumeCode } from "../auth/one-time-codes";
import { hitRateLimit } from "../security/rate-limit";
import type { EmailVerificationDeps } from "./email-verification-deps";

/**
 * Each code allows 5 tries (one-time-codes.ts) and a new one comes every 600 s at most; this caps
 * the guesses per account across codes, so a member cannot "verify" an address they do not own
 * by trying codes for weeks.
 */
const GUESSES_PER_ACCOUNT = { limit: 30, windowSeconds: 24 * 60 * 60 };

/** Checks the mailed code; the first correct one sets email_verified_at (once). */
export async function verifyEmailCode(
  deps: EmailVerificationDeps,
  user: Pick<UserRow, "id" | "emailVerifiedAt">,
  input: { code: string },
  context: RequestContext,
): Promise<void> {
  if (user.emailVerifiedAt) throw new AppError("CONFLICT", "emailAlreadyVerified");

  const guesses = await hitRateLimit(deps.db, `verify-email:guess:${user.id}`, GUESSES_PER_ACCOUNT);
  if (guesses.exceeded) {
    throw new AppError("CODE_ATTEMPTS_EXCEEDED", undefined, { retryAfterSeconds: guesses.retryAfterSeconds });
  }

  const result = await consumeCode(deps.db, deps.codeSecret, user.id, "verify_email", input.code);
  if (result !== "ok") {
    await recordAuditEvent(deps.db, {
      action: "onboarding.email_verification_failed",
      actorUserId: user.id,
      subjectUserId: user.id,
      ip: context.ip,
      details: { result },
    });
    if (result === "too_many_attempts") throw new AppError("CODE_ATTEMPTS_EXCEEDED");
    if (result === "invalid") throw new AppError("CODE_INVALID");
    // No live code (none sent, or replaced) reads like an expired one: ask for a new code.
    throw new AppError("CODE_EXPIRED");
  }

  const now = new Date();
  const [verified] = await deps.db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  if (verified) {
    await recordAuditEvent(deps.db, {
      action: "onboarding.email_verified",
      actorUserId: user.id,
      subjectUserId: user.id,
      ip: context.ip,
    });
  }
}
