import type { Locale } from "../../../lib/i18n/config";
import type { TokenResponse } from "../../../lib/schemas/auth";
import { findUserByEmail } from "../../db/queries/users";
import { AppError } from "../../errors";
import { recordAuditEvent } from "../audit/record-audit-event";
import { loginCodeMail } from "../mail/templates";
import { hitRateLimit } from "../security/rate-limit";
import type { AuthDeps, RequestContext } from "./auth-deps";
import { runInBackground } from "./background";
import { createSession } from "./create-session";
import { CODE_TTL_SECONDS, consumeCode, issueCode } from "./one-time-codes";

export const LOGIN_CODE_RESEND_SECONDS = 60;
const LIMITS = {
  perEmail: { limit: 1, windowSeconds: LOGIN_CODE_RESEND_SECONDS },
  perIp: { limit: 20, windowSeconds: 60 * 60 },
  verifyPerAccount: { limit: 20, windowSeconds: 60 * 60 },
};

/**
 * Sends a login code when the account exists and may log in. The answer is the same for
 * unknown emails, including the 429 of the per-email limit (SECURITY.md 4).
 */
export async function requestLoginCode(
  deps: AuthDeps,
  input: { email: string; lang?: Locale },
  context: RequestContext,
): Promise<{ resendAfterSeconds: number }> {
  const email = input.email.trim().toLowerCase();
  const [perEmail, perIp] = await Promise.all([
    hitRateLimit(deps.db, `login-code:email:${email}`, LIMITS.perEmail),
    hitRateLimit(deps.db, `login-code:ip:${context.ip ?? "unknown"}`, LIMITS.perIp),
  ]);
  if (perEmail.exceeded || perIp.exceeded) {
    throw new AppError("RATE_LIMITED", "Please wait before requesting another code.", {
      retryAfterSeconds: Math.max(
        perEmail.exceeded ? perEmail.retryAfterSeconds : 0,
        perIp.exceeded ? perIp.retryAfterSeconds : 0,
      ),
    });
  }
  runInBackground(deps.logger, "login code", async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user || user.status === "suspended") return;
    const { code } = await issueCode(deps.db, deps.config.codeSecret, user.id, "login");
    await deps.mailer.send(
      loginCodeMail(user.email, input.lang ?? user.language, code, CODE_TTL_SECONDS / 60),
    );
    await recordAuditEvent(deps.db, {
      action: "auth.login_code_sent",
      subjectUserId: user.id,
      ip: context.ip,
    });
  });
  return { resendAfterSeconds: LOGIN_CODE_RESEND_SECONDS };
}

export async function loginWithCode(
  deps: AuthDeps,
  input: { email: string; code: string },
  context: RequestContext,
): Promise<TokenResponse> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) throw new AppError("CODE_INVALID");
  // A new code brings 5 new tries; this caps the guesses per account across codes.
  const guesses = await hitRateLimit(deps.db, `login-code:verify:${user.id}`, LIMITS.verifyPerAccount);
  if (guesses.exceeded) throw new AppError("CODE_ATTEMPTS_EXCEEDED");
  const result = await consumeCode(deps.db, deps.config.codeSecret, user.id, "login", input.code);
  if (result !== "ok") {
    await recordAuditEvent(deps.db, {
      action: "auth.login_code_failed",
      subjectUserId: user.id,
      ip: context.ip,
      details: { result },
    });
    if (result === "expired") throw new AppError("CODE_EXPIRED");
    if (result === "too_many_attempts") throw new AppError("CODE_ATTEMPTS_EXCEEDED");
    throw new AppError("CODE_INVALID");
  }
  if (user.status === "suspended") throw new AppError("ACCOUNT_SUSPENDED");
  const session = await createSession(deps, user, context);
  await recordAuditEvent(deps.db, {
    action: "auth.login",
    subjectUserId: user.id,
    ip: context.ip,
    details: { method: "email_code" },
  });
  return session;
}
