import { eq } from "drizzle-orm";
import type { CompanyStamp } from "../../../lib/schemas/contracts";
import type { Database } from "../../db";
import { companyStamps } from "../../db/schema";
import { AppError } from "../../errors";
import { recordAuditEvent } from "../audit/record-audit-event";
import { toCompanyStamp } from "./stamp-view";

export type StampActionContext = { actorUserId: string; ip: string | null };

const notFound = () => new AppError("NOT_FOUND", "No company stamp with this id.");

/** PATCH /api/company-stamps/{id}/activate: signed contracts carry the active stamp from now on. */
export async function activateStamp(
  db: Database,
  stampId: number,
  context: StampActionContext,
): Promise<CompanyStamp> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(companyStamps)
      .set({ isActive: true })
      .where(eq(companyStamps.id, stampId))
      .returning();
    if (!row) throw notFound();
    await recordAuditEvent(tx as unknown as Database, {
      action: "stamp.activated",
      actorUserId: context.actorUserId,
      details: { stampId },
      ip: context.ip,
    });
    return toCompanyStamp(row);
  });
}

/** DELETE /api/company-stamps/{id}: afterwards a new stamp may be uploaded. */
export async function deleteStamp(db: Database, stampId: number, context: StampActionContext): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(companyStamps)
      .where(eq(companyStamps.id, stampId))
      .returning({ id: companyStamps.id });
    if (!row) throw notFound();
    await recordAuditEvent(tx as unknown as Database, {
      action: "stamp.deleted",
      actorUserId: context.actorUserId,
      details: { stampId },
      ip: context.ip,
    });
  });
}
