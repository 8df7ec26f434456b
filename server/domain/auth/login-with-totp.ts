import { and, eq, lte, sql } from "drizzle-orm";
import type { TokenResponse } from "../../../lib/schemas/auth";
import type { MfaChallenge } from "../../../lib/schemas/two-factor";
import type { Database } from "../../db";
import { findUserById, type UserRow } from "../../db/queries/users";
import { rateLimits } from "../../db/schema";
import { AppError } from "../../errors";
import { recordAuditEvent } from "../audit/record-audit-event";
import { clearRateLimit, hitRateLimit, limitKey, releaseRateLimit } from "../security/rate-limit";
import type { AuthDeps, RequestContext } from "./auth-deps";
import { createSession } from "./create-session";
import {
  createLoginChallenge,
  type LoginMethod,
  passwordFingerprint,
  readLoginChallenge,
} from "./login-challenge";
import {
  countSecondFactorGuess,
  returnSecondFactorGuess,
  secondFactorFailed,
  secondFactorSucceeded,
} from "./second-factor-guesses";
import { queueSecurityNotice } from "./security-notices";
import { consumeSecondFactor, countRecoveryCodesLeft, totpSecretKeys } from "./totp";

// Guesses at the second step: a challenge allows 5 (then the password is asked again); the
// account's own budget, shared with the settings, is second-factor-guesses.ts.
const CHALLENGE_GUESSES = { limit: 5, windowSeconds: 5 * 60 };

const challengeInvalid = () => new AppError("TWO_FACTOR_CHALLENGE_INVALID");

/**
 * The first step was passed by an account with two-factor sign-in on: no session, a challenge.
 * The password login's counters are settled as a successful login settles them (the account's
 * failures forgiven, the IP's attempt given back); only accounts with two-factor sign-in pay
 * these two statements.
 */
export async function secondStepChallenge(
  deps: AuthDeps,
  user: UserRow,
  method: LoginMethod,
  context: RequestContext,
  limits?: { clearKey: string; releaseKey: string },
): Promise<MfaChallenge> {
  if (limits) {
    await clearRateLimit(deps.db, limits.clearKey);
    await releaseRateLimit(deps.db, limits.releaseKey);
  }
  await recordAuditEvent(deps.db, {
    action: "auth.login_second_step",
    subjectUserId: user.id,
    ip: context.ip,
    details: { method },
  });
  return { mfaRequired: true, challenge: createLoginChallenge(deps.config.totpSecretKey, user, method) };
}

/**
 * A challenge starts one session: its guess counter (which outlives the challenge, since its
 * window opens after the challenge was made) is pushed past the limit by one conditional
 * UPDATE, so a replay, or a second right code racing with the first, is refused.
 */
async function spendChallenge(db: Database, challengeKey: string): Promise<boolean> {
  const { limit } = CHALLENGE_GUESSES;
  const [spent] = await db
    .update(rateLimits)
    .set({ count: limit + 1 })
    .where(
      and(
        eq(rateLimits.key, limitKey(challengeKey)),
        lte(rateLimits.count, limit),
        sql`${rateLimits.windowEndsAt} > now()`,
      ),
    )
    .returning({ key: rateLimits.key });
  return Boolean(spent);
}

/**
 * The second step: the challenge and a code of the authenticator app or a recovery code. Each
 * guess is counted before the code is checked (parallel guesses cannot slip under the limit);
 * a right code starts the session exactly as a login without two-factor sign-in does.
 */
export async function loginWithSecondFactor(
  deps: AuthDeps,
  input: { challenge: string; code: string },
  context: RequestContext,
): Promise<TokenResponse> {
  const challenge = readLoginChallenge(deps.config.totpSecretKey, input.challenge);
  if (!challenge) throw challengeInvalid();
  const account = await countSecondFactorGuess(deps, challenge.userId, context);
  const challengeKey = `totp-login:challenge:${challenge.nonce}`;
  const guess = await hitRateLimit(deps.db, challengeKey, CHALLENGE_GUESSES);
  if (guess.exceeded) {
    await returnSecondFactorGuess(deps.db, challenge.userId);
    await recordAuditEvent(deps.db, {
      action: "auth.totp_throttled",
      subjectUserId: challenge.userId,
      ip: context.ip,
    });
    throw new AppError("CODE_ATTEMPTS_EXCEEDED", undefined, { retryAfterSeconds: guess.retryAfterSeconds });
  }
  const user = await findUserById(deps.db, challenge.userId);
  // Turned off (or the account gone) since the first step: that step's answer no longer holds.
  if (!user?.totpEnabledAt) throw challengeInvalid();
  if (user.status === "suspended") throw new AppError("ACCOUNT_SUSPENDED");
  // The password changed (or was reset) since the first step: that step no longer holds either.
  if (challenge.password !== passwordFingerprint(deps.config.totpSecretKey, user.passwordHash)) {
    throw challengeInvalid();
  }

  const factor = await consumeSecondFactor(deps.db, totpSecretKeys(deps.config), user.id, input.code);
  if (!factor) {
    await recordAuditEvent(deps.db, {
      action: "auth.totp_failed",
      subjectUserId: user.id,
      ip: context.ip,
    });
    await secondFactorFailed(deps, user, account, context);
    throw new AppError("CODE_INVALID");
  }
  if (!(await spendChallenge(deps.db, challengeKey))) throw challengeInvalid();
  await secondFactorSucceeded(deps.db, user.id);
  const session = await createSession(deps, user, context, { method: challenge.method, secondFactor: true });
  await recordAuditEvent(deps.db, {
    action: "auth.login",
    subjectUserId: user.id,
    ip: context.ip,
    details: { method: challenge.method, secondFactor: factor },
  });
  if (factor === "recovery_code") {
    const left = await countRecoveryCodesLeft(deps.db, user.id);
    await recordAuditEvent(deps.db, {
      action: "auth.totp_recovery_code_used",
      subjectUserId: user.id,
      ip: context.ip,
      details: { left },
    });
    await queueSecurityNotice(deps, deps.db, user, { kind: "recovery_code_used", left }, context);
  }
  return session;
}
