import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import type { TotpSetup, TotpStatus } from "../../../lib/schemas/two-factor";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { authSessions, totpRecoveryCodes, users, userTotp } from "../../db/schema";
import { AppError, fieldRefusal } from "../../errors";
import { recordOwnAuditEvent } from "../audit/record-audit-event";
import { hitRateLimit, releaseRateLimit } from "../security/rate-limit";
import type { AuthDeps, RequestContext } from "./auth-deps";
import { verifyPassword } from "./passwords";
import { countSecondFactorGuess, secondFactorFailed, secondFactorSucceeded } from "./second-factor-guesses";
import { queueSecurityNotice } from "./security-notices";
import {
  consumeSecondFactor,
  consumeTotpCode,
  countRecoveryCodesLeft,
  encryptTotpSecret,
  newTotpSecret,
  replaceRecoveryCodes,
  totpSecretKeys,
  totpUri,
} from "./totp";

/** Admins and super admins must sign in with a second factor. */
const twoFactorRequired = (user: Pick<UserRow, "role">) =>
  user.role === "admin" || user.role === "super_admin";

/**
 * Wrong codes (and passwords) per account when enabling, turning off or renewing codes. Each
 * attempt is counted before it is checked (parallel guesses cannot slip under the limit) and
 * given back when it was right.
 */
const MANAGE_LIMIT = { limit: 5, windowSeconds: 15 * 60 };
const manageKey = (user: UserRow) => `totp-manage:account:${user.id}`;

async function countManageAttempt(deps: AuthDeps, user: UserRow, context: RequestContext) {
  const attempt = await hitRateLimit(deps.db, manageKey(user), MANAGE_LIMIT);
  if (!attempt.exceeded) return;
  await recordOwnAuditEvent(deps.db, user.id, { action: "auth.totp_manage_throttled", ip: context.ip });
  throw new AppError("CODE_ATTEMPTS_EXCEEDED", undefined, { retryAfterSeconds: attempt.retryAfterSeconds });
}

/** A right attempt: its count is given back and the change audited. */
async function manageSucceeded(deps: AuthDeps, user: UserRow, context: RequestContext, action: string) {
  await releaseRateLimit(deps.db, manageKey(user));
  await recordOwnAuditEvent(deps.db, user.id, { action, ip: context.ip });
}

const wrongPassword = () => fieldRefusal("currentPassword", "currentPasswordWrong");

const wrongCode = () => fieldRefusal("code", "secondFactorCodeWrong");

export async function twoFactorStatus(
  db: Database,
  caller: { user: UserRow; secondFactor: boolean },
): Promise<TotpStatus> {
  const { user } = caller;
  return {
    enabled: Boolean(user.totpEnabledAt),
    enabledAt: user.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: user.totpEnabledAt ? await countRecoveryCodesLeft(db, user.id) : 0,
    required: twoFactorRequired(user),
    sessionSecondFactor: caller.secondFactor,
  };
}

/**
 * A new secret for the member's app, not yet in force: it takes effect once a code of it is
 * entered (enable). A second setup replaces a secret never enabled. Refused while two-factor
 * sign-in is on, so a session alone can never swap the secret of an account: also in the
 * statement itself, so a setup racing an enable cannot replace the secret just put in force.
 */
export async function setUpTwoFactor(deps: AuthDeps, user: UserRow): Promise<TotpSetup> {
  if (user.totpEnabledAt) throw new AppError("CONFLICT", "twoFactorAlreadyOn");
  const secret = newTotpSecret();
  const secretEncrypted = encryptTotpSecret(deps.config.totpSecretKey, user.id, secret);
  await deps.db.transaction(async (tx) => {
    // The account's row is locked first, as the enable locks it: a setup that waited for an
    // enable sees it committed (a locking read gets the row's newest version) and stops, instead
    // of swapping the secret that enable just proved.
    if (!(await lockWithoutSecondFactor(tx as unknown as Database, user.id))) {
      throw new AppError("CONFLICT", "twoFactorAlreadyOn");
    }
    await tx
      .insert(userTotp)
      .values({ userId: user.id, secretEncrypted })
      .onConflictDoUpdate({
        target: userTotp.userId,
        set: { secretEncrypted, lastUsedStep: null, createdAt: new Date() },
      });
  });
  const otpauthUri = totpUri(secret, user.email);
  const svg = await QRCode.toString(otpauthUri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return {
    secret,
    otpauthUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/** Locks the account's row; true when two-factor sign-in is still off. */
async function lockWithoutSecondFactor(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return Boolean(row) && row?.enabledAt === null;
}

/**
 * Turns two-factor sign-in on with the current password and a code of the new secret; returns
 * the ten recovery codes once. The password is required because a password reset does not turn
 * the second factor off: a stolen session could otherwise bind the thief's authenticator and lock
 * the owner out for good. It is checked before the code, so a wrong password spends no code.
 */
export async function enableTwoFactor(
  deps: AuthDeps,
  caller: { user: UserRow; sessionId: string },
  input: { currentPassword: string; code: string },
  context: RequestContext,
): Promise<string[]> {
  const { user } = caller;
  if (user.totpEnabledAt) throw new AppError("CONFLICT", "twoFactorAlreadyOn");
  await countManageAttempt(deps, user, context);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await recordOwnAuditEvent(deps.db, user.id, { action: "auth.totp_enable_failed", ip: context.ip });
    throw wrongPassword();
  }
  // The code is checked and the factor turned on in one transaction with the account's row
  // locked: a setup racing this one waits, so the secret put in force is the one the code proved.
  const codes = await deps.db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    if (!(await lockWithoutSecondFactor(database, user.id))) {
      throw new AppError("CONFLICT", "twoFactorAlreadyOn");
    }
    if (!(await consumeTotpCode(database, totpSecretKeys(deps.config), user.id, input.code))) return null;
    await tx.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, user.id));
    // The session that proved the new factor has passed a second factor: an admin setting it up
    // reaches the admin calls without signing in again.
    await tx
      .update(authSessions)
      .set({ secondFactorAt: new Date() })
      .where(eq(authSessions.id, caller.sessionId));
    await queueSecurityNotice(deps, database, user, { kind: "two_factor_enabled" }, context);
    return replaceRecoveryCodes(database, user.id);
  });
  if (!codes) {
    await recordOwnAuditEvent(deps.db, user.id, { action: "auth.totp_enable_failed", ip: context.ip });
    throw wrongCode();
  }
  deps.mail.wake();
  await manageSucceeded(deps, user, context, "auth.totp_enabled");
  return codes;
}

/**
 * A code of the factor in force, for a setting: counted against the account's second-factor
 * budget, shared with the sign-in's second step, so the settings are no second way to guess.
 */
async function checkSecondFactor(deps: AuthDeps, user: UserRow, code: string, context: RequestContext) {
  const guess = await countSecondFactorGuess(deps, user.id, context);
  if (!(await consumeSecondFactor(deps.db, totpSecretKeys(deps.config), user.id, code))) {
    await secondFactorFailed(deps, user, guess, context);
    throw wrongCode();
  }
  await secondFactorSucceeded(deps.db, user.id);
}

/**
 * Turns it off: the current password and a code (or a recovery code) are both required, so
 * neither a session left open nor a stolen password alone can remove the second factor.
 * Admins cannot: for them it is required.
 */
export async function disableTwoFactor(
  deps: AuthDeps,
  user: UserRow,
  input: { currentPassword: string; code: string },
  context: RequestContext,
): Promise<void> {
  if (twoFactorRequired(user)) {
    throw new AppError("FORBIDDEN", "twoFactorRequiredForAdmins");
  }
  if (!user.totpEnabledAt) throw new AppError("CONFLICT", "twoFactorNotOn");
  await countManageAttempt(deps, user, context);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw wrongPassword();
  await checkSecondFactor(deps, user, input.code, context);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ totpEnabledAt: null }).where(eq(users.id, user.id));
    await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, user.id));
    await queueSecurityNotice(
      deps,
      tx as unknown as Database,
      user,
      { kind: "two_factor_disabled" },
      context,
    );
  });
  deps.mail.wake();
  await manageSucceeded(deps, user, context, "auth.totp_disabled");
}

/** Ten new recovery codes for a code (or a recovery code); the earlier ones stop working. */
export async function regenerateRecoveryCodes(
  deps: AuthDeps,
  user: UserRow,
  code: string,
  context: RequestContext,
): Promise<string[]> {
  if (!user.totpEnabledAt) throw new AppError("CONFLICT", "twoFactorNotOn");
  await checkSecondFactor(deps, user, code, context);
  const codes = await deps.db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    await queueSecurityNotice(deps, database, user, { kind: "recovery_codes_renewed" }, context);
    return replaceRecoveryCodes(database, user.id);
  });
  deps.mail.wake();
  await manageSucceeded(deps, user, context, "auth.totp_recovery_codes_renewed");
  return codes;
}
