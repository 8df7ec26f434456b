import type { Database } from "../../db";
import { contractTemplates, contractTemplateVersions } from "../../db/schema";
import type { Actor } from "../actor";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { CreateTemplateInput } from "./check-template-form";
import { TEMPLATE_AUDIT_ACTIONS } from "./template-audit";

/** A new template with its version 1, active (template form). Returns the new id. */
export async function createTemplate(
  db: Database,
  input: CreateTemplateInput,
  actor: Actor,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [template] = await tx
      .insert(contractTemplates)
      .values({
        name: input.name,
        type: input.type,
        description: input.description || null,
        language: input.lang,
        audience: input.audience,
        state: "active",
        currentVersion: 1,
        createdBy: actor.actorId,
      })
      .returning({ id: contractTemplates.id });
    if (!template) throw new Error("template insert returned nothing");
    await tx.insert(contractTemplateVersions).values({
      templateId: template.id,
      version: 1,
      note: input.note || null,
      html: input.html,
      createdBy: actor.actorId,
    });
    await recordAuditEvent(tx, {
      action: TEMPLATE_AUDIT_ACTIONS.created,
      actorUserId: actor.actorId,
      details: {
        templateId: template.id,
        name: input.name,
        lang: input.lang,
        audience: input.audience,
        version: 1,
      },
      ip: actor.ip,
    });
    return template.id;
  });
}
