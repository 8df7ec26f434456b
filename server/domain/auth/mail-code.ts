import type { Locale } from "../../../lib/i18n/config";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import type { MailOutbox } from "../mail/outbox";
import { emailVerificationCodeMail, loginCodeMail } from "../mail/templates";
import { CODE_TTL_SECONDS, issueCode } from "./one-time-codes";

const codeMails = { login: loginCodeMail, verify_email: emailVerificationCodeMail };

/**
 * Issues a code and queues its mail in `tx`, in `lang`, else the user's language. The code and
 * its mail commit together (issueCode's own transaction becomes a savepoint); the outbox retries
 * the mail until it goes out, so a mail server that is down for a while delays the code instead
 * of losing it. Call `outbox.wake()` once `tx` has committed.
 */
export async function mailCode(
  tx: Database,
  outbox: MailOutbox,
  secret: string,
  user: Pick<UserRow, "id" | "email" | "language">,
  purpose: keyof typeof codeMails,
  lang: Locale | undefined,
  now?: Date,
): Promise<void> {
  const { code } = await issueCode(tx, secret, user.id, purpose, now);
  await outbox.enqueue(
    tx,
    codeMails[purpose](user.email, lang ?? user.language, code, CODE_TTL_SECONDS / 60),
  );
}
