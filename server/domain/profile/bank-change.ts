import { eq } from "drizzle-orm";
import type { Database } from "../../db";
import { companyProfiles, personalProfiles, users } from "../../db/schema";
import { AppError } from "../../errors";
import { recordOwnAuditEvent } from "../audit/record-audit-event";
import { verifyPassword } from "../auth/passwords";
import { recordChangeReview } from "../change-reviews/record-change-review";
import type { MailOutbox } from "../mail/outbox";
import { bankDetailsChangedMail } from "../mail/templates";
import { clearRateLimit, hitRateLimit } from "../security/rate-limit";
import { profileValidationError } from "./profile-messages";

export type BankDetails = { iban: string | null; accountHolderName: string | null };
type UserType = "personal" | "company";

/** Wrong current passwords per account, as for logins: a stolen session cannot guess on. */
const BANK_CHANGE_PASSWORD_LIMIT = { limit: 5, windowSeconds: 15 * 60 };

function bankDetailsDiffer(stored: BankDetails, given: BankDetails): boolean {
  return stored.iban !== given.iban || stored.accountHolderName !== given.accountHolderName;
}

export async function storedBankDetails(
  db: Database,
  userId: string,
  userType: UserType,
): Promise<BankDetails> {
  const table = userType === "personal" ? personalProfiles : companyProfiles;
  const [row] = await db
    .select({ iban: table.iban, accountHolderName: table.accountHolderName })
    .from(table)
    .where(eq(table.userId, userId))
    .limit(1);
  return row ?? { iban: null, accountHolderName: null };
}

const passwordIssue = (message: "currentPasswordRequired" | "currentPasswordWrong") =>
  profileValidationError([{ path: "currentPassword", message }]);

/**
 * Once an admin has approved the account, its bank details decide where payouts go: changing
 * them takes the current password, so a stolen session alone cannot redirect them. Runs before
 * anything is written. Returns whether the password was confirmed (the save re-checks under
 * its lock whether a change happened, and refuses one that was not confirmed).
 */
export async function confirmBankChange(
  db: Database,
  input: { userId: string; userType: UserType; given: BankDetails; password: string; ip: string | null },
): Promise<boolean> {
  const [account] = await db
    .select({ adminVerifiedAt: users.adminVerifiedAt, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!account) throw new AppError("UNAUTHORIZED");
  if (!account.adminVerifiedAt) return false;
  const stored = await storedBankDetails(db, input.userId, input.userType);
  if (!bankDetailsDiffer(stored, input.given)) return false;
  if (!input.password) throw passwordIssue("currentPasswordRequired");

  // Counted before the hash is checked, so parallel guesses cannot all slip under the limit.
  const key = `bank-change:account:${input.userId}`;
  const attempt = await hitRateLimit(db, key, BANK_CHANGE_PASSWORD_LIMIT);
  const matches = await verifyPassword(account.passwordHash, input.password);
  if (attempt.exceeded) {
    await recordOwnAuditEvent(db, input.userId, { action: "profile.bank_change_throttled", ip: input.ip });
    throw new AppError("RATE_LIMITED", undefined, { retryAfterSeconds: attempt.retryAfterSeconds });
  }
  if (!matches) {
    await recordOwnAuditEvent(db, input.userId, {
      action: "profile.bank_change_password_failed",
      ip: input.ip,
    });
    throw passwordIssue("currentPasswordWrong");
  }
  await clearRateLimit(db, key);
  return true;
}

/**
 * Inside the save's transaction, with the member's row locked: when an approved member's bank
 * details change, the change goes before an admin (the account stays usable meanwhile). A
 * change the password check did not see (a parallel save) is refused. Returns whether the
 * security notice is due.
 */
export async function reviewBankChange(
  tx: Database,
  input: {
    userId: string;
    approved: boolean;
    stored: BankDetails;
    given: BankDetails;
    passwordConfirmed: boolean;
    ip: string | null;
  },
): Promise<boolean> {
  if (!input.approved || !bankDetailsDiffer(input.stored, input.given)) return false;
  if (!input.passwordConfirmed) throw passwordIssue("currentPasswordRequired");
  await recordChangeReview(tx, {
    userId: input.userId,
    kind: "bank_details",
    previous: input.stored,
    proposed: input.given,
    ip: input.ip,
  });
  return true;
}

/**
 * The security notice of a bank change, queued in the change's transaction `tx`: the change and
 * its notice commit together, and the outbox retries the mail until it goes out.
 */
export async function queueBankChangeNotice(
  deps: { mail: MailOutbox; publicUrl: string },
  tx: Database,
  userId: string,
  iban: string,
): Promise<void> {
  const [account] = await tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) return;
  await deps.mail.enqueue(
    tx,
    bankDetailsChangedMail(
      account.email,
      account.language,
      iban.slice(-4),
      new URL("/profile", deps.publicUrl).toString(),
    ),
  );
}
