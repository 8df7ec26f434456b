import type { ConfirmIdentityInput } from "../../../lib/schemas/account";
import type { UserRow } from "../../db/queries/users";
import { AppError, fieldRefusal } from "../../errors";
import { recordOwnAuditEvent } from "../audit/record-audit-event";
import type { AuthDeps, RequestContext } from "../auth/auth-deps";
import { verifyPassword } from "../auth/passwords";
import {
  countSecondFactorGuess,
  secondFactorFailed,
  secondFactorSucceeded,
} from "../auth/second-factor-guesses";
import { consumeSecondFactor, totpSecretKeys } from "../auth/totp";
import { clearRateLimit, hitRateLimit } from "../security/rate-limit";

/**
 * Wrong passwords per account and action, as for the password change: a session left open (or
 * stolen) cannot guess the password through these calls. Counted before the hash is checked, so
 * parallel guesses cannot slip under it, and a throttled attempt costs no hashing.
 */
const PASSWORD_LIMIT = { limit: 5, windowSeconds: 15 * 60 };

/**
 * The signed-in member proves it is them again before a change that a session alone must not
 * make (the login email, the export, the deletion): the password, and a code of the second
 * factor when it is on, counted against the account's second-factor budget shared with the
 * sign-in. `action` names the call in the limit's key and the audit rows of its failures.
 */
export async function confirmIdentity(
  deps: Pick<AuthDeps, "db" | "mail" | "config">,
  user: UserRow,
  input: ConfirmIdentityInput,
  context: RequestContext,
  action: "email_change" | "export" | "delete",
): Promise<void> {
  const key = `account-${action}:account:${user.id}`;
  const attempt = await hitRateLimit(deps.db, key, PASSWORD_LIMIT);
  if (attempt.exceeded) {
    await recordOwnAuditEvent(deps.db, user.id, { action: `account.${action}_throttled`, ip: context.ip });
    throw new AppError("RATE_LIMITED", undefined, { retryAfterSeconds: attempt.retryAfterSeconds });
  }
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await recordOwnAuditEvent(deps.db, user.id, { action: `account.${action}_failed`, ip: context.ip });
    throw fieldRefusal("currentPassword", "currentPasswordWrong");
  }
  await clearRateLimit(deps.db, key);
  if (!user.totpEnabledAt) return;
  const code = input.code?.trim();
  if (!code) throw fieldRefusal("code", "secondFactorCodeRequired");
  const guess = await countSecondFactorGuess(deps, user.id, context);
  if (!(await consumeSecondFactor(deps.db, totpSecretKeys(deps.config), user.id, code))) {
    await secondFactorFailed(deps, user, guess, context);
    await recordOwnAuditEvent(deps.db, user.id, { action: `account.${action}_failed`, ip: context.ip });
    throw fieldRefusal("code", "secondFactorCodeWrong");
  }
  await secondFactorSucceeded(deps.db, user.id);
}
