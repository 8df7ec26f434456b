import { and, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Locale } from "../../../lib/i18n/config";
import type { Database } from "../../db";
import { type MailAttachmentRef, mailOutbox } from "../../db/schema";
import type { MailMessage } from "../../infra/mail/types";

type MailKind =
  | "password_reset"
  | "login_code"
  | "email_verification"
  | "account_activated"
  | "account_rejected"
  | "bank_details_changed"
  | "new_browser_sign_in"
  | "password_changed"
  | "id_expiring"
  | "contract_resign"
  | "referral_registered"
  | "referral_approved"
  | "two_factor_enabled"
  | "two_factor_disabled"
  | "recovery_codes_renewed"
  | "recovery_code_used"
  | "password_reset_completed"
  | "two_factor_reset_by_admin"
  | "two_factor_required"
  | "second_factor_guesses"
  | "email_change_code"
  | "email_change_taken"
  | "email_changed"
  | "data_exported"
  | "account_deleted"
  | "payout_executed";

/**
 * A rendered mail and what it is, ready for the outbox. Its files are named by their object
 * storage keys, not carried: the row stays small and the sender reads them when it delivers.
 */
export type OutgoingMail = Omit<MailMessage, "attachments"> & {
  kind: MailKind;
  language: Locale;
  attachments?: MailAttachmentRef[];
};

/**
 * What the domain needs to send mail. `enqueue` writes the mail as a row of the outbox in `db`:
 * pass the transaction of the change that causes the mail, so both commit or neither does. The
 * sender delivers it afterwards. Enqueued on the root database the sender is woken at once;
 * inside a transaction call `wake()` after it commits (else the next poll finds the row).
 */
export interface MailOutbox {
  enqueue(db: Database, mail: OutgoingMail): Promise<void>;
  wake(): void;
}

export async function insertMail(db: Database, mail: OutgoingMail): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      recipient: mail.to,
      language: mail.language,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      attachments: mail.attachments?.length ? mail.attachments : null,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("The outbox row was not written");
  return row.id;
}

/** "a•••@example.com": enough for an admin to tell mails apart, not a list of addresses. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

const FAILING_MAILS_SHOWN = 20;

export type FailingMail = {
  id: string;
  recipient: string;
  subject: string;
  kind: string;
  state: "failed" | "retrying";
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
};

/**
 * Mails that failed for good, then those still being retried after an error, newest first.
 * Recipients are masked; bodies never leave the database this way.
 */
export async function listFailingMails(db: Database, limit = FAILING_MAILS_SHOWN): Promise<FailingMail[]> {
  const rows = await db
    .select({
      id: mailOutbox.id,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      kind: mailOutbox.kind,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      lastAttemptAt: mailOutbox.lastAttemptAt,
      nextAttemptAt: mailOutbox.nextAttemptAt,
    })
    .from(mailOutbox)
    .where(
      or(
        eq(mailOutbox.status, "failed"),
        and(eq(mailOutbox.status, "pending"), isNotNull(mailOutbox.lastError)),
      ),
    )
    .orderBy(sql`${mailOutbox.status} = 'failed' desc`, desc(mailOutbox.lastAttemptAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    recipient: maskEmail(row.recipient),
    subject: row.subject,
    kind: row.kind,
    state: row.status === "failed" ? "failed" : "retrying",
    attempts: row.attempts,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === "failed" ? null : row.nextAttemptAt.toISOString(),
  }));
}

/**
 * How far behind the outbox is, for the metrics: mails not sent yet (retries included), mails that
 * failed for good, and the age of the oldest one not sent (0 when none waits). Sent rows are kept
 * for 30 days and skipped through the status index.
 */
export async function outboxBacklog(
  db: Database,
): Promise<{ pending: number; failed: number; oldestPendingSeconds: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending')::integer`,
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')::integer`,
      oldestPendingSeconds: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt}) filter (where ${mailOutbox.status} = 'pending')), 0)::float8`,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ["pending", "failed"]));
  return {
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
    // now() is when this statement's transaction began: a row written just after is not older.
    oldestPendingSeconds: Math.max(0, Number(row?.oldestPendingSeconds ?? 0)),
  };
}

/**
 * Puts a mail that failed for good back in the queue with a fresh count of attempts. Only failed
 * rows: a pending one may be in a sender's hands right now, and a second send would duplicate it.
 * Returns the masked recipient, or undefined when there is no such failed mail.
 */
export async function requeueFailedMail(
  db: Database,
  id: string,
): Promise<{ recipient: string } | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "failed")))
    .returning({ recipient: mailOutbox.recipient });
  return row ? { recipient: maskEmail(row.recipient) } : undefined;
}
