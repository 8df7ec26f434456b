import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { rateLimits } from "../../db/schema";
import { AppError } from "../../errors";
import { recordAuditEvent } from "../audit/record-audit-event";
import { clearRateLimit, hitRateLimit, type RateLimitHit, releaseRateLimit } from "../security/rate-limit";
import type { AuthDeps, RequestContext } from "./auth-deps";
import { queueSecurityNotice } from "./security-notices";

/**
 * Wrong second-factor codes, per account, wherever they are entered: the sign-in's second step
 * and the settings that take a code of the factor in force (turning it off, renewing recovery
 * codes). A new challenge or another form buys no new guesses.
 *
 * 10 failures in 15 minutes block the account's codes; each block that follows while the
 * failures go on lasts longer (15 minutes, 1 hour, 4 hours, then 24 hours each), and each one
 * mails the owner, since only someone who has the password (or a session) gets to guess. The
 * arithmetic: a six-digit code has a million values and three are accepted at any time (the
 * step before and after), so one guess wins with p = 3e-6. Blocked for a day after every ten,
 * a stranger gets about 10 guesses a day once the first blocks are over: roughly 3 650 a year,
 * p ≈ 1 % a year, and the owner has been mailed every day of it. Without the escalation (10
 * every 15 minutes, 960 a day) it was about an even chance within a year.
 */
const GUESSES = { limit: 10, windowSeconds: 15 * 60 };
const BLOCK_SECONDS = [15 * 60, 60 * 60, 4 * 60 * 60, 24 * 60 * 60];
const LONGEST_BLOCK_SECONDS = 24 * 60 * 60;
/** How long the account's blocks are remembered for the escalation after the last one ended. */
const ESCALATION_MEMORY_SECONDS = 48 * 60 * 60;

const guessKey = (userId: string) => `second-factor:account:${userId}`;
const blocksKey = (userId: string) => `second-factor:blocks:${userId}`;

/**
 * Counts a guess before its code is checked (parallel guesses cannot slip under the limit) and
 * refuses it with 429 while the account's codes are blocked.
 */
export async function countSecondFactorGuess(
  deps: Pick<AuthDeps, "db">,
  userId: string,
  context: RequestContext,
): Promise<RateLimitHit> {
  const guess = await hitRateLimit(deps.db, guessKey(userId), GUESSES);
  if (guess.exceeded) {
    await recordAuditEvent(deps.db, { action: "auth.totp_throttled", subjectUserId: userId, ip: context.ip });
    throw new AppError("CODE_ATTEMPTS_EXCEEDED", undefined, { retryAfterSeconds: guess.retryAfterSeconds });
  }
  return guess;
}

/** A guess counted but never checked (refused for another reason): it is given back. */
export async function returnSecondFactorGuess(db: Database, userId: string): Promise<void> {
  await releaseRateLimit(db, guessKey(userId));
}

/** A right code: the account's failures are forgiven, its escalation too. */
export async function secondFactorSucceeded(db: Database, userId: string): Promise<void> {
  await clearRateLimit(db, guessKey(userId));
  await clearRateLimit(db, blocksKey(userId));
}

/**
 * A wrong code. The one that was the window's tenth starts a block: the window is stretched to
 * the block's length (one conditional UPDATE, so only that guess does it) and the owner mailed.
 */
export async function secondFactorFailed(
  deps: Pick<AuthDeps, "db" | "mail" | "config">,
  user: Pick<UserRow, "id" | "email" | "language">,
  guess: RateLimitHit,
  context: RequestContext,
): Promise<void> {
  if (guess.count !== GUESSES.limit) return;
  const blocks = await hitRateLimit(deps.db, blocksKey(user.id), {
    limit: Number.MAX_SAFE_INTEGER,
    windowSeconds: ESCALATION_MEMORY_SECONDS + LONGEST_BLOCK_SECONDS,
  });
  const blockSeconds =
    BLOCK_SECONDS[Math.min(blocks.count, BLOCK_SECONDS.length) - 1] ?? LONGEST_BLOCK_SECONDS;
  await deps.db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    await tx
      .update(rateLimits)
      .set({ windowEndsAt: sql`now() + make_interval(secs => ${blockSeconds})` })
      .where(and(eq(rateLimits.key, guessKey(user.id)), sql`${rateLimits.count} >= ${GUESSES.limit}`));
    // The escalation is remembered for a while after this block ends.
    await tx
      .update(rateLimits)
      .set({
        windowEndsAt: sql`now() + make_interval(secs => ${blockSeconds + ESCALATION_MEMORY_SECONDS})`,
      })
      .where(eq(rateLimits.key, blocksKey(user.id)));
    await queueSecurityNotice(
      deps,
      database,
      user,
      { kind: "second_factor_guesses", lockedMinutes: blockSeconds / 60 },
      context,
    );
    await recordAuditEvent(database, {
      action: "auth.totp_blocked",
      subjectUserId: user.id,
      ip: context.ip,
      details: { block: blocks.count, minutes: blockSeconds / 60 },
    });
  });
  deps.mail.wake();
}
