import { index, integer, jsonb, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz } from "./columns";

/**
 * A file sent with a mail. The bytes live in object storage under `storageKey`, not in the row,
 * so the outbox stays small; the sender reads them at delivery and deletes them once the mail is
 * sent or finally failed, the way the bodies are emptied.
 */
export interface MailAttachmentRef {
  filename: string;
  contentType: string;
  storageKey: string;
}

export const mailStatusEnum = pgEnum("mail_status", ["pending", "sent", "failed"]);

/**
 * The transactional outbox: a mail is a row written in the same transaction as the change that
 * causes it, and a sender delivers it afterwards with retries. `nextAttemptAt` doubles as the
 * lease of a claimed row, so an instance that dies mid-send leaves the row to be picked up again.
 * The bodies carry codes and token links: they are emptied once the mail is sent.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    /** Which mail this is (password_reset, login_code, …), for the admin list and the logs. */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    language: text("language").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Files sent with the mail (their bytes are in object storage); null for most mails. */
    attachments: jsonb("attachments").$type<MailAttachmentRef[]>(),
    status: mailStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    lastAttemptAt: timestamptz("last_attempt_at"),
    /** The transport's error, without credentials; never the body. */
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamptz("sent_at"),
  },
  (table) => [
    index("mail_outbox_due_idx").on(table.status, table.nextAttemptAt),
    index("mail_outbox_sent_at_idx").on(table.sentAt),
  ],
);
