import { eq } from "drizzle-orm";
import type { CompanyStamp } from "../../../lib/schemas/contracts";
import type { Database } from "../../db";
import { companyStamps } from "../../db/schema";
import { AppError } from "../../errors";
import type { Actor } from "../actor";
import { recordAuditEvent } from "../audit/record-audit-event";
import { toCompanyStamp } from "./stamp-view";

const notFound = () => new AppError("NOT_FOUND", "stampNotFound");

/**
 * One change to a stamp and its audit row, in one transaction; `change` gives back nothing when
 * no stamp has this id.
 */
function changeStamp<T>(
  db: Database,
  stampId: number,
  context: Actor,
  action: "stamp.activated" | "stamp.deleted",
  change: (tx: Database) => Promise<T | undefined>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx as unknown as Database);
    if (!result) throw notFound();
    await recordAuditEvent(tx as unknown as Database, {
      action,
      actorUserId: context.actorId,
      details: { stampId },
      ip: context.ip,
    });
    return result;
  });
}

/** PATCH /api/company-stamps/{id}/activate: signed contracts carry the active stamp from now on. */
export async function activateStamp(db: Database, stampId: number, context: Actor): Promise<CompanyStamp> {
  const row = await changeStamp(db, stampId, context, "stamp.activated", async (tx) => {
    const [activated] = await tx
      .update(companyStamps)
      .set({ isActive: true })
      .where(eq(companyStamps.id, stampId))
      .returning();
    return activated;
  });
  return toCompanyStamp(row);
}

/** DELETE /api/company-stamps/{id}: afterwards a new stamp may be uploaded. */
export async function deleteStamp(db: Database, stampId: number, context: Actor): Promise<void> {
  await changeStamp(db, stampId, context, "stamp.deleted", async (tx) => {
    const [deleted] = await tx
      .delete(companyStamps)
      .where(eq(companyStamps.id, stampId))
      .returning({ id: companyStamps.id });
    return deleted;
  });
}
