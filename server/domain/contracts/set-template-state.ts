import { eq } from "drizzle-orm";
import type { Database } from "../../db";
import { contractTemplates } from "../../db/schema";
import { AppError } from "../../errors";
import type { Actor } from "../actor";
import { recordAuditEvent } from "../audit/record-audit-event";
import { isUuid } from "../ids";
import { TEMPLATE_AUDIT_ACTIONS } from "./template-audit";
import { lockTemplate } from "./update-template";

/** PATCH /api/document-templates/{id}/state: inactive templates are offered to no member. */
export async function setTemplateState(
  db: Database,
  templateId: string,
  state: "active" | "inactive",
  actor: Actor,
): Promise<void> {
  if (!isUuid(templateId)) throw new AppError("NOT_FOUND", "templateNotFound");
  await db.transaction(async (tx) => {
    const template = await lockTemplate(tx, templateId);
    if (template.state === state) return;
    await tx
      .update(contractTemplates)
      .set({ state, updatedAt: new Date() })
      .where(eq(contractTemplates.id, templateId));
    await recordAuditEvent(tx, {
      action: TEMPLATE_AUDIT_ACTIONS.stateChanged,
      actorUserId: actor.actorId,
      details: { templateId, name: template.name, from: template.state, to: state },
      ip: actor.ip,
    });
  });
}
