import type { Logger } from "pino";
import type { Database } from "../../db";
import type { MailOutbox } from "../mail/outbox";

/** What sending and checking email verification codes need (a subset of the member routes' deps). */
export type EmailVerificationDeps = {
  db: Database;
  mail: MailOutbox;
  logger: Logger;
  /** Keys the HMAC under which one-time codes are stored. */
  codeSecret: string;
};
