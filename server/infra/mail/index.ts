import path from "node:path";
import type { Logger } from "pino";
import { createOutboxMailer } from "./outbox-mailer";
import { createSmtpMailer } from "./smtp-mailer";
import type { Mailer } from "./types";

export type { Mailer } from "./types";

export type MailerOptions = {
  /** MAIL_TRANSPORT: `files` writes files even with an SMTP_URL; unset follows SMTP_URL. */
  transport?: "smtp" | "files";
  /** SMTP_URL; unset (or empty, see env) means the outbox. */
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: Logger;
};

/**
 * SMTP when configured (and MAIL_TRANSPORT is not `files`), otherwise one `.eml` per message
 * under `$DATA_DIR/mail`.
 */
export function createMailer({ transport, smtpUrl, from, dataDir, logger }: MailerOptions): Mailer {
  if (transport !== "files" && smtpUrl) return createSmtpMailer({ url: smtpUrl, from, logger });
  // loadServerEnv refuses this already; an options object built some other way must not fall
  // back to files without a word.
  if (transport === "smtp") throw new Error("MAIL_TRANSPORT is smtp, so SMTP_URL is required");
  return createOutboxMailer({ dir: path.join(dataDir, "mail"), from, logger });
}
