import type { LoginRequest, TokenResponse } from "../../../lib/schemas/auth";
import { findUserByEmail } from "../../db/queries/users";
import { AppError } from "../../errors";
import { recordAuditEvent } from "../audit/record-audit-event";
import { clearRateLimit, hitRateLimit, releaseRateLimit } from "../security/rate-limit";
import type { AuthDeps, RequestContext } from "./auth-deps";
import { createSession } from "./create-session";
import { verifyPassword } from "./passwords";

// SECURITY.md 3: failures per account (all case variants of the email share one key) and
// per IP, in a 15-minute window.
export const LOGIN_LIMITS = {
  perAccount: { limit: 5, windowSeconds: 15 * 60 },
  perIp: { limit: 50, windowSeconds: 15 * 60 },
};

export const invalidCredentials = () => new AppError("INVALID_CREDENTIALS");

export async function loginWithPassword(
  deps: AuthDeps,
  input: LoginRequest,
  context: RequestContext,
): Promise<TokenResponse> {
  const { db } = deps;
  const accountKey = `login:account:${input.email.trim().toLowerCase()}`;
  const ipKey = `login:ip:${context.ip ?? "unknown"}`;
  // Each attempt is counted before its password is checked, in one atomic step: had it read the
  // count first and added to it after the hash, 30 parallel guesses would all see "0 so far" and
  // all be checked (L4). Attempts that turn out not to be failures are taken back below.
  const [accountAttempt, ipAttempt] = await Promise.all([
    hitRateLimit(db, accountKey, LOGIN_LIMITS.perAccount),
    hitRateLimit(db, ipKey, LOGIN_LIMITS.perIp),
  ]);
  const throttled = accountAttempt.exceeded || ipAttempt.exceeded;

  const user = await findUserByEmail(db, input.email);
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
    throw invalidCredentials();
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

  await Promise.all([clearRateLimit(db, accountKey), releaseRateLimit(db, ipKey)]);
  const session = await createSession(deps, user, context);
  await recordAuditEvent(db, {
    action: "auth.login",
    subjectUserId: user.id,
    ip: context.ip,
    details: { method: "password" },
  });
  return session;
}
