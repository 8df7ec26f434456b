import { type SQL, sql } from "drizzle-orm";
import { type MailAttachmentRef, mailOutbox } from "../../db/schema";
import { deleteMailAttachments } from "../mail/sender";
import { countRows, deleteBatch, inBatches, type RetentionDeps } from "./retention-settings";

/**
 * The outbox's rows after their work is done: a sent mail (its body emptied on sending,
 * sender.ts) stays 30 days for the admins' mail list and the member's export of the mails sent
 * to them; a mail that failed for good stays as long, for an admin to send it again, and keeps
 * its files in object storage until then: they go with the row.
 */
const OLD_MAIL_DAYS = 30;

const oldMail = (): SQL => sql`(
  (status = 'sent' and sent_at < now() - make_interval(days => ${OLD_MAIL_DAYS}))
  or (status = 'failed' and last_attempt_at < now() - make_interval(days => ${OLD_MAIL_DAYS})))`;

export async function countOldMails(deps: RetentionDeps): Promise<number> {
  return countRows(deps.db, mailOutbox, oldMail());
}

/**
 * Through mail_outbox_sent_at_idx and, for the few failed ones, the status index. A failed mail's
 * files are deleted after its row (a sent one's went when it was sent).
 */
export async function pruneOldMails(deps: RetentionDeps, batchSize: number): Promise<number> {
  return inBatches(batchSize, async () => {
    const deleted = await deleteBatch<{ attachments: MailAttachmentRef[] | null }>(deps.db, {
      table: mailOutbox,
      key: sql`id`,
      where: oldMail(),
      batchSize,
      returning: sql`attachments`,
    });
    await deleteMailAttachments(
      deps,
      deleted.map((row) => row.attachments),
      "old mail deleted",
    );
    return { found: deleted.length, changed: deleted.length };
  });
}
