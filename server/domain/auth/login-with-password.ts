import { sql } from "drizzle-orm";
import type { LoginRequest, TokenResponse } from "../../../lib/schemas/auth";
import type { MfaChallenge } from "../../../lib/schemas/two-factor";
import type { Database } from "../../db";
import { preparedPerDatabase } from "../../db/prepared";
import { users } from "../../db/schema";
import { AppError } from "../../errors";
import { recordAuditEvent } from "../audit/record-audit-event";
import { limitKey, rateLimitOutcomeOf, rateLimitUpsert, releaseRateLimit } from "../security/rate-limit";
import type { AuthDeps, RequestContext } from "./auth-deps";
import { startPasswordSession } from "./create-session";
import { secondStepChallenge } from "./login-with-totp";
import { verifyPassword } from "./passwords";
import { ThrottledSignInError } from "./sign-in-outcome";

// Failures per account (all case variants of the email share one key) and
// per IP, in a 15-minute window.
const LOGIN_LIMITS = {
  perAccount: { limit: 5, windowSeconds: 15 * 60 },
  perIp: { limit: 50, windowSeconds: 15 * 60 },
};

const invalidCredentials = () => new AppError("INVALID_CREDENTIALS");

/**
 * Counts the attempt against the account and the IP and looks the user up, in one statement:
 * the upserts run as a CTE (each key atomically, account before IP in every login, so two logins
 * never wait on each other's keys in opposite orders) and the user comes back beside them. A
 * named statement, prepared once per database: every sign-in runs it.
 */
const countAttemptStatement = preparedPerDatabase((db) => {
  const attempt = db.$with("attempt").as(
    rateLimitUpsert(db, [
      { key: sql.placeholder("accountKey"), rule: LOGIN_LIMITS.perAccount },
      { key: sql.placeholder("ipKey"), rule: LOGIN_LIMITS.perIp },
    ]),
  );
  return db
    .with(attempt)
    .select({ key: attempt.key, count: attempt.count, windowEndsAt: attempt.windowEndsAt, user: users })
    .from(attempt)
    .leftJoin(users, sql`lower(${users.email}) = lower(${sql.placeholder("email")})`)
    .prepare("login_count_attempt");
});

async function countAttemptAndFindUser(db: Database, email: string, accountKey: string, ipKey: string) {
  const rows = await countAttemptStatement(db).execute({
    accountKey: limitKey(accountKey),
    ipKey: limitKey(ipKey),
    email: email.trim(),
  });
  return {
    accountAttempt: rateLimitOutcomeOf(rows, accountKey, LOGIN_LIMITS.perAccount),
    ipAttempt: rateLimitOutcomeOf(rows, ipKey, LOGIN_LIMITS.perIp),
    user: rows[0]?.user ?? undefined,
  };
}

export async function loginWithPassword(
  deps: AuthDeps,
  input: LoginRequest,
  context: RequestContext,
): Promise<TokenResponse | MfaChallenge> {
  const { db } = deps;
  const accountKey = `login:account:${input.email.trim().toLowerCase()}`;
  const ipKey = `login:ip:${context.ip ?? "unknown"}`;
  // Each attempt is counted before its password is checked, in one atomic step: had it read the
  // count first and added to it after the hash, 30 parallel guesses would all see "0 so far" and
  // all be checked. Attempts that turn out not to be failures are taken back below.
  const { accountAttempt, ipAttempt, user } = await countAttemptAndFindUser(
    db,
    input.email,
    accountKey,
    ipKey,
  );
  const throttled = accountAttempt.exceeded || ipAttempt.exceeded;

  // A throttled attempt is refused whatever the password, so it earns no argon2 work: a flood
  // past the limit costs lookups, not hashes. Its answer is the same 401 as a wrong password, and
  // known and unknown emails are throttled alike (the keys are the email and the IP), so its
  // speed tells nothing about the account. Unknown emails below the limit are verified against a
  // dummy hash, so they cost the same time as known ones.
  const passwordMatches = throttled ? false : await verifyPassword(user?.passwordHash, input.password);

  if (!user || !passwordMatches || throttled) {
    await recordAuditEvent(db, {
      action: throttled ? "auth.login_throttled" : "auth.login_failed",
      subjectUserId: user?.id,
      ip: context.ip,
    });
    throw throttled ? new ThrottledSignInError() : invalidCredentials();
  }
  if (user.status === "suspended") {
    await Promise.all([releaseRateLimit(db, accountKey), releaseRateLimit(db, ipKey)]);
    await recordAuditEvent(db, {
      action: "auth.login_refused_suspended",
      subjectUserId: user.id,
      ip: context.ip,
    });
    throw new AppError("ACCOUNT_SUSPENDED");
  }

  // Two-factor sign-in on (read with the user row, so other logins pay nothing for it): no
  // session yet, a challenge for the second step.
  if (user.totpEnabledAt) {
    return secondStepChallenge(deps, user, "password", context, { clearKey: accountKey, releaseKey: ipKey });
  }

  // One statement: the account's failures are forgiven, the IP's attempt given back, the
  // session, refresh token, last login and audit row written, the permissions read.
  return startPasswordSession(deps, user, context, {
    clearKey: limitKey(accountKey),
    releaseKey: limitKey(ipKey),
  });
}
