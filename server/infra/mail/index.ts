import path from "node:path";
import type { Logger } from "pino";
import { createOutboxMailer } from "./outbox-mailer";
import { createSmtpMailer } from "./smtp-mailer";
import type { Mailer } from "./types";

export type { Mailer } from "./types";

export type MailerOptions = {
  /** SMTP_URL; unset (or empty, see env) means the outbox. */
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: Logger;
};

/** SMTP when configured, otherwise one `.eml` per message under `$DATA_DIR/mail`. */
export function createMailer({ smtpUrl, from, dataDir, logger }: MailerOptions): Mailer {
  if (smtpUrl) return createSmtpMailer({ url: smtpUrl, from, logger });
  return createOutboxMailer({ dir: path.join(dataDir, "mail"), from, logger });
}
