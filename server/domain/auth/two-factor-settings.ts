import { and, eq, isNull, sql } from "drizzle-orm";
import QRCode from "qrcode";
import type { TotpSetup, TotpStatus } from "../../../lib/schemas/two-factor";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { totpRecoveryCodes, users, userTotp } from "../../db/schema";
import { AppError } from "../../errors";
import { recordOwnAuditEvent } from "../audit/record-audit-event";
import { hitRateLimit, releaseRateLimit } from "../security/rate-limit";
import type { AuthDeps, RequestContext } from "./auth-deps";
import { verifyPassword } from "./passwords";
import {
  consumeSecondFactor,
  consumeTotpCode,
  countRecoveryCodesLeft,
  encryptTotpSecret,
  newTotpSecret,
  replaceRecoveryCodes,
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

const wrongPassword = () =>
  new AppError("VALIDATION_FAILED", "The current password is not correct.", {
    issues: [{ path: "currentPassword", message: "currentPasswordWrong" }],
  });

const wrongCode = () =>
  new AppError("VALIDATION_FAILED", "The code is not correct.", {
    issues: [{ path: "code", message: "secondFactorCodeWrong" }],
  });

export async function twoFactorStatus(db: Database, user: UserRow): Promise<TotpStatus> {
  return {
    enabled: Boolean(user.totpEnabledAt),
    enabledAt: user.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: user.totpEnabledAt ? await countRecoveryCodesLeft(db, user.id) : 0,
    required: twoFactorRequired(user),
  };
}

/**
 * A new secret for the member's app, not yet in force: it takes effect once a code of it is
 * entered (enable). A second setup replaces a secret never enabled. Refused while two-factor
 * sign-in is on, so a session alone can never swap the secret of an account: also in the
 * statement itself, so a setup racing an enable cannot replace the secret just put in force.
 */
export async function setUpTwoFactor(deps: AuthDeps, user: UserRow): Promise<TotpSetup> {
  if (user.totpEnabledAt) throw new AppError("CONFLICT", "Two-factor sign-in is already on.");
  const secret = newTotpSecret();
  const secretEncrypted = encryptTotpSecret(deps.config.totpSecretKey, user.id, secret);
  const stored = await deps.db
    .insert(userTotp)
    .values({ userId: user.id, secretEncrypted })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretEncrypted, lastUsedStep: null, createdAt: new Date() },
      setWhere: sql`exists (select 1 from ${users} where ${users.id} = ${user.id} and ${users.totpEnabledAt} is null)`,
    })
    .returning({ userId: userTotp.userId });
  if (stored.length === 0) throw new AppError("CONFLICT", "Two-factor sign-in is already on.");
  const otpauthUri = totpUri(secret, user.email);
  const svg = await QRCode.toString(otpauthUri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return {
    secret,
    otpauthUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/**
 * Turns two-factor sign-in on with the current password and a code of the new secret; returns
 * the ten recovery codes once. The password is required because a password reset does not turn
 * the second factor off: a stolen session could otherwise bind the thief's authenticator and lock
 * the owner out for good. It is checked before the code, so a wrong password spends no code.
 */
export async function enableTwoFactor(
  deps: AuthDeps,
  user: UserRow,
  input: { currentPassword: string; code: string },
  context: RequestContext,
): Promise<string[]> {
  if (user.totpEnabledAt) throw new AppError("CONFLICT", "Two-factor sign-in is already on.");
  await countManageAttempt(deps, user, context);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await recordOwnAuditEvent(deps.db, user.id, { action: "auth.totp_enable_failed", ip: context.ip });
    throw wrongPassword();
  }
  if (!(await consumeTotpCode(deps.db, deps.config.totpSecretKey, user.id, input.code))) {
    await recordOwnAuditEvent(deps.db, user.id, { action: "auth.totp_enable_failed", ip: context.ip });
    throw wrongCode();
  }
  const codes = await deps.db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    const [enabled] = await tx
      .update(users)
      .set({ totpEnabledAt: new Date() })
      .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (!enabled) throw new AppError("CONFLICT", "Two-factor sign-in is already on.");
    return replaceRecoveryCodes(database, user.id);
  });
  await manageSucceeded(deps, user, context, "auth.totp_enabled");
  return codes;
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
    throw new AppError("FORBIDDEN", "Two-factor sign-in is required for admins and cannot be turned off.");
  }
  if (!user.totpEnabledAt) throw new AppError("CONFLICT", "Two-factor sign-in is not on.");
  await countManageAttempt(deps, user, context);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw wrongPassword();
  if (!(await consumeSecondFactor(deps.db, deps.config.totpSecretKey, user.id, input.code))) {
    throw wrongCode();
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ totpEnabledAt: null }).where(eq(users.id, user.id));
    await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, user.id));
  });
  await manageSucceeded(deps, user, context, "auth.totp_disabled");
}

/** Ten new recovery codes for a code (or a recovery code); the earlier ones stop working. */
export async function regenerateRecoveryCodes(
  deps: AuthDeps,
  user: UserRow,
  code: string,
  context: RequestContext,
): Promise<string[]> {
  if (!user.totpEnabledAt) throw new AppError("CONFLICT", "Two-factor sign-in is not on.");
  await countManageAttempt(deps, user, context);
  if (!(await consumeSecondFactor(deps.db, deps.config.totpSecretKey, user.id, code))) throw wrongCode();
  const codes = await deps.db.transaction((tx) => replaceRecoveryCodes(tx as unknown as Database, user.id));
  await manageSucceeded(deps, user, context, "auth.totp_recovery_codes_renewed");
  return codes;
}
