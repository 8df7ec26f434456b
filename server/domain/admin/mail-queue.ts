import type { Database } from "../../db";
import { AppError } from "../../errors";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { RequestContext } from "../auth/auth-deps";
import { isUuid } from "../ids";
import { type MailOutbox, requeueFailedMail } from "../mail/outbox";

/**
 * An admin sends a mail that failed every attempt once more: it goes back into the outbox with
 * a fresh count of attempts and the sender is woken. Audited with the mail's id only; the
 * recipient and the body stay out of the audit log.
 */
export async function retryFailedMail(
  deps: { db: Database; mail: MailOutbox },
  actor: { id: string },
  mailId: string,
  context: RequestContext,
): Promise<{ recipient: string }> {
  if (!isUuid(mailId)) throw new AppError("NOT_FOUND", "failedMailNotFound");
  const requeued = await deps.db.transaction(async (tx) => {
    const row = await requeueFailedMail(tx, mailId);
    if (!row) return undefined;
    await recordAuditEvent(tx, {
      action: "admin.mail_retried",
      actorUserId: actor.id,
      details: { mailId },
      ip: context.ip,
    });
    return row;
  });
  if (!requeued) throw new AppError("NOT_FOUND", "failedMailNotFound");
  deps.mail.wake();
  return requeued;
}
