import { and, eq, ne, sql } from "drizzle-orm";
import type { EmailChangeInput } from "../../../lib/schemas/account";
import type { Database } from "../../db";
import { byEmail, type UserRow } from "../../db/queries/users";
import { users } from "../../db/schema";
import { AppError } from "../../errors";
import { recordOwnAuditEvent } from "../audit/record-audit-event";
import type { AuthDeps, RequestContext } from "../auth/auth-deps";
import { CODE_TTL_SECONDS, issueCode } from "../auth/one-time-codes";
import { lockOwnAccount } from "../lock-own-account";
import { emailChangeCodeMail, emailChangeTakenMail } from "../mail/templates";
import { hitRateLimit } from "../security/rate-limit";
import { confirmIdentity } from "./confirm-identity";

/** Requests per account: enough to fix a typo in the new address, too few to mail anyone much. */
const REQUESTS_PER_ACCOUNT = { limit: 5, windowSeconds: 60 * 60 };
/** Mails (codes or "taken" notices) per account a day, whatever the addresses. */
const MAILS_PER_ACCOUNT_DAY = { limit: 10, windowSeconds: 24 * 60 * 60 };
/** Mails to one address a day, from any account: no account can be used to flood someone's inbox. */
const MAILS_PER_ADDRESS_DAY = { limit: 5, windowSeconds: 24 * 60 * 60 };

async function countOrRefuse(db: Database, key: string, rule: { limit: number; windowSeconds: number }) {
  const hit = await hitRateLimit(db, key, rule);
  if (hit.exceeded)
    throw new AppError("RATE_LIMITED", undefined, { retryAfterSeconds: hit.retryAfterSeconds });
}

/**
 * Starts a change of the login email: the password (and the second factor when on) again, then
 * the new address is kept as pending and a code mailed to it. An address that already belongs to
 * another account gets the same answer and the same pending state, so the call tells nobody which
 * addresses have accounts; the mail to that address says it is taken instead of carrying a code.
 * A code is issued in that case too (and mailed to nobody): it replaces any earlier one, so a
 * code sent for an earlier address can never confirm this one.
 */
export async function requestEmailChange(
  deps: Pick<AuthDeps, "db" | "mail" | "config">,
  user: UserRow,
  input: EmailChangeInput,
  context: RequestContext,
): Promise<{ pendingEmail: string }> {
  const { db } = deps;
  await confirmIdentity(deps, user, input, context, "email_change");
  await countOrRefuse(db, `email-change:account:${user.id}`, REQUESTS_PER_ACCOUNT);
  const newEmail = input.newEmail.trim();
  if (newEmail.toLowerCase() === user.email.toLowerCase()) {
    throw new AppError("VALIDATION_FAILED", "emailAlreadyYours", {
      issues: [{ path: "newEmail", message: "emailUnchanged" }],
    });
  }
  await countOrRefuse(db, `email-change-mail:account:${user.id}`, MAILS_PER_ACCOUNT_DAY);
  await countOrRefuse(db, `email-change-mail:address:${newEmail.toLowerCase()}`, MAILS_PER_ADDRESS_DAY);

  await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    const account = await lockOwnAccount(database, user.id);
    const [taken] = await tx
      .select({ one: sql`1` })
      .from(users)
      .where(and(byEmail(newEmail), ne(users.id, account.id)))
      .limit(1);
    await tx
      .update(users)
      .set({ pendingEmail: newEmail, updatedAt: new Date() })
      .where(eq(users.id, account.id));
    const { code } = await issueCode(database, deps.config.codeSecret, account.id, "change_email");
    await deps.mail.enqueue(
      database,
      taken
        ? emailChangeTakenMail(
            newEmail,
            account.language,
            new URL("/login", deps.config.publicUrl).toString(),
          )
        : emailChangeCodeMail(newEmail, account.language, code, CODE_TTL_SECONDS / 60),
    );
    // Whether the address was taken stays out of the audit row: the member's export holds it.
    await recordOwnAuditEvent(database, account.id, {
      action: "account.email_change_requested",
      ip: context.ip,
    });
  });
  deps.mail.wake();
  return { pendingEmail: newEmail };
}
