import { eq } from "drizzle-orm";
import type { Database } from "../../db";
import { contractTemplates, contractTemplateVersions } from "../../db/schema";
import type { Actor } from "../actor";
import { recordAuditEvent } from "../audit/record-audit-event";
import { lockRow } from "../lock-row";
import type { MailOutbox } from "../mail/outbox";
import { contractResignMail } from "../mail/templates";
import type { UpdateTemplateInput } from "./check-template-form";
import { membersToTellOfResign } from "./resign";
import { TEMPLATE_AUDIT_ACTIONS } from "./template-audit";
import type { TemplateRow } from "./template-queries";

/** The template's row, locked until the transaction ends, so changes of one template queue. */
export function lockTemplate(tx: Database, templateId: string): Promise<TemplateRow> {
  return lockRow(tx, contractTemplates, templateId, "templateNotFound");
}

/**
 * PUT /api/document-templates/{id}: metadata changes the template; new HTML adds version
 * current+1 and makes it current. Old versions are never touched (members signed them).
 * The template row is locked first (SELECT … FOR UPDATE), so two edits at once get n+1 and n+2
 * one after the other instead of both reading n and colliding on the same number.
 * Returns the template's current version afterwards.
 */
export async function updateTemplate(
  db: Database,
  templateId: string,
  input: UpdateTemplateInput,
  actor: Actor,
  /** Where a version members must sign again is announced: mail in the members' languages. */
  notify?: { mail: MailOutbox; publicUrl: string },
): Promise<number> {
  let mailed = 0;
  const current = await db.transaction(async (tx) => {
    const template = await lockTemplate(tx, templateId);

    const metadata = {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.type !== undefined && { type: input.type }),
      ...(input.description !== undefined && { description: input.description || null }),
      ...(input.lang !== undefined && { language: input.lang }),
      ...(input.audience !== undefined && { audience: input.audience }),
    };
    const changed = Object.keys(metadata);
    const version = input.html === undefined ? template.currentVersion : template.currentVersion + 1;
    if (changed.length === 0 && input.html === undefined) return version;

    if (input.html !== undefined) {
      await tx.insert(contractTemplateVersions).values({
        templateId,
        version,
        note: input.note || null,
        html: input.html,
        resignRequired: input.resign ?? false,
        createdBy: actor.actorId,
      });
    }
    await tx
      .update(contractTemplates)
      .set({ ...metadata, currentVersion: version, updatedAt: new Date() })
      .where(eq(contractTemplates.id, templateId));

    if (input.html !== undefined && input.resign && notify) {
      // In the publishing transaction: the version and its mails commit together.
      const name = input.name ?? template.name;
      const db = tx as unknown as Database;
      for (const member of await membersToTellOfResign(db, templateId)) {
        const url = new URL(`/${member.userType}-resign-contract`, notify.publicUrl).toString();
        await notify.mail.enqueue(db, contractResignMail(member.email, member.language, name, url));
        mailed++;
      }
    }

    if (input.html !== undefined) {
      await recordAuditEvent(tx, {
        action: TEMPLATE_AUDIT_ACTIONS.versionCreated,
        actorUserId: actor.actorId,
        details: {
          templateId,
          name: input.name ?? template.name,
          version,
          changed,
          resignRequired: input.resign ?? false,
        },
        ip: actor.ip,
      });
    } else {
      await recordAuditEvent(tx, {
        action: TEMPLATE_AUDIT_ACTIONS.updated,
        actorUserId: actor.actorId,
        details: { templateId, name: input.name ?? template.name, changed },
        ip: actor.ip,
      });
    }
    return version;
  });
  if (mailed > 0) notify?.mail.wake();
  return current;
}
