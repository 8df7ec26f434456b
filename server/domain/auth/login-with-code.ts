import { eq, sql } from "drizzle-orm";
import type { Locale } from "../../../lib/i18n/config";
import type { TokenResponse } from "../../../lib/schemas/auth";
import type { MfaChallenge } from "../../../lib/schemas/two-factor";
import type { Database } from "../../db";
import { findUserByEmail } from "../../db/queries/users";
import { rateLimits } from "../../db/schema";
import { AppError } from "../../errors";
import { recordAuditEvent } from "../audit/record-audit-event";
import { clearRateLimit, hitRateLimit } from "../security/rate-limit";
import type { AuthDeps, RequestContext } from "./auth-deps";
import { runInBackground } from "./background";
import { createSession } from "./create-session";
import { secondStepChallenge } from "./login-with-totp";
import { mailCode } from "./mail-code";
import { CODE_MAX_ATTEMPTS, CODE_TTL_SECONDS, consumeCode } from "./one-time-codes";

const LOGIN_CODE_RESEND_SECONDS = 60;
const DAY_SECONDS = 24 * 60 * 60;
const LOGIN_CODE_LIMITS = {
  perEmail: { limit: 1, windowSeconds: LOGIN_CODE_RESEND_SECONDS },
  perIp: { limit: 20, windowSeconds: 60 * 60 },
  // Codes mailed per address and day. Each code allows CODE_MAX_ATTEMPTS guesses, so this caps the
  // guesses at an account per day; a stranger who spends them stops code login for that day, not
  // password login.
  perEmailPerDay: { limit: 10, windowSeconds: DAY_SECONDS },
  // Guesses since the last code was requested for the address: a code's own 5 attempts, kept for
  // unknown addresses too, so a sixth guess answers the same whether or not the account exists.
  guesses: { limit: CODE_MAX_ATTEMPTS, windowSeconds: DAY_SECONDS },
};

// Every limit and state is keyed by the normalized address, known or not: the answers then depend
// on what was asked for the address, never on whether an account has it.
const keys = {
  resend: (email: string) => `login-code:email:${email}`,
  day: (email: string) => `login-code:day:${email}`,
  ip: (ip: string | null) => `login-code:ip:${ip ?? "unknown"}`,
  guesses: (email: string) => `login-code:guesses:${email}`,
  // Not a limit: when the address's latest code (mailed or not) stops working.
  issued: (email: string) => `login-code:issued:${email}`,
};

const normalizeEmail = (email: string) => email.trim().toLowerCase();

const waitForCode = (retryAfterSeconds: number) =>
  new AppError("RATE_LIMITED", "codeRequestTooSoon", { retryAfterSeconds });

/** A new code for the address: its guesses start from zero and it works for CODE_TTL_SECONDS. */
async function startCodeWindow(db: Database, email: string): Promise<void> {
  const endsAt = sql`now() + make_interval(secs => ${CODE_TTL_SECONDS})`;
  await clearRateLimit(db, keys.guesses(email));
  await db
    .insert(rateLimits)
    .values({ key: keys.issued(email), count: 0, windowEndsAt: endsAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: 0, windowEndsAt: endsAt } });
}

/** Whether a code asked for this address has run out: the same for known and unknown addresses. */
async function codeWindowOver(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ over: sql<boolean>`${rateLimits.windowEndsAt} <= now()` })
    .from(rateLimits)
    .where(eq(rateLimits.key, keys.issued(email)))
    .limit(1);
  return row?.over ?? false;
}

/**
 * Sends a login code when the account exists and may log in. Every answer, the 429s included, is
 * the same for unknown emails: the limits count the address, not the account.
 */
export async function requestLoginCode(
  deps: AuthDeps,
  input: { email: string; lang?: Locale },
  context: RequestContext,
): Promise<{ resendAfterSeconds: number }> {
  const email = normalizeEmail(input.email);
  const [perEmail, perIp] = await Promise.all([
    hitRateLimit(deps.db, keys.resend(email), LOGIN_CODE_LIMITS.perEmail),
    hitRateLimit(deps.db, keys.ip(context.ip), LOGIN_CODE_LIMITS.perIp),
  ]);
  if (perEmail.exceeded || perIp.exceeded) {
    throw waitForCode(
      Math.max(
        perEmail.exceeded ? perEmail.retryAfterSeconds : 0,
        perIp.exceeded ? perIp.retryAfterSeconds : 0,
      ),
    );
  }
  // Counted only for codes that go out, so hammering the resend limit spends none of the day's.
  const perDay = await hitRateLimit(deps.db, keys.day(email), LOGIN_CODE_LIMITS.perEmailPerDay);
  if (perDay.exceeded) throw waitForCode(perDay.retryAfterSeconds);
  await startCodeWindow(deps.db, email);
  runInBackground(deps.logger, "login code", async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user || user.status === "suspended") return;
    await deps.db.transaction((tx) =>
      mailCode(tx, deps.mail, deps.config.codeSecret, user, "login", input.lang),
    );
    deps.mail.wake();
    await recordAuditEvent(deps.db, {
      action: "auth.login_code_sent",
      subjectUserId: user.id,
      ip: context.ip,
    });
  });
  return { resendAfterSeconds: LOGIN_CODE_RESEND_SECONDS };
}

/**
 * Logs in with the mailed code. A guess is counted for the address before anything is looked up;
 * after CODE_MAX_ATTEMPTS the address answers 429 until a new code is requested, exactly as the
 * code itself (one-time-codes.ts) refuses its sixth attempt, so known and unknown addresses answer
 * alike. A stranger's guesses end the current code only: the owner's next code starts afresh.
 */
export async function loginWithCode(
  deps: AuthDeps,
  input: { email: string; code: string },
  context: RequestContext,
): Promise<TokenResponse | MfaChallenge> {
  const email = normalizeEmail(input.email);
  // One transaction, known address or not: the guess, the code's own attempt and the audit line
  // commit together. Counted in a commit of its own, the code's attempt cost a known address with
  // a live code a second wait for the disk (on PostgreSQL about 10 ms), enough to tell from the
  // answer time which addresses have an account.
  const checked = await deps.db.transaction(async (tx) => {
    const guess = await hitRateLimit(tx, keys.guesses(email), LOGIN_CODE_LIMITS.guesses);
    if (guess.exceeded) return { refusal: "CODE_ATTEMPTS_EXCEEDED" as const };
    const user = await findUserByEmail(tx, email);
    const result = user
      ? await consumeCode(tx, deps.config.codeSecret, user.id, "login", input.code)
      : "none";
    if (result === "ok") return { user };
    const windowOver = await codeWindowOver(tx, email);
    await recordAuditEvent(tx, {
      action: "auth.login_code_failed",
      subjectUserId: user?.id,
      ip: context.ip,
      details: { result: user ? result : "unknown_email" },
    });
    if (result === "too_many_attempts") return { refusal: "CODE_ATTEMPTS_EXCEEDED" as const };
    // "Expired" follows the address's code window, which unknown addresses have too; a known
    // account with no live code (used, replaced) reads like an unknown one.
    if (result === "expired" || windowOver) return { refusal: "CODE_EXPIRED" as const };
    return { refusal: "CODE_INVALID" as const };
  });
  // Refused after the commit, so the guess and the attempt stay counted.
  if (checked.refusal) throw new AppError(checked.refusal);
  const { user } = checked;
  if (!user) throw new AppError("CODE_INVALID");
  if (user.status === "suspended") throw new AppError("ACCOUNT_SUSPENDED");
  if (user.totpEnabledAt) return secondStepChallenge(deps, user, "email_code", context);
  const session = await createSession(deps, user, context, { method: "email_code", secondFactor: false });
  await recordAuditEvent(deps.db, {
    action: "auth.login",
    subjectUserId: user.id,
    ip: context.ip,
    details: { method: "email_code" },
  });
  return session;
}
