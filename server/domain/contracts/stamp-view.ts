import { eq } from "drizzle-orm";
import type { CompanyStamp } from "../../../lib/schemas/contracts";
import type { Database } from "../../db";
import { companyStamps } from "../../db/schema";

/** The one stamp there may be (id 1, enforced by a check constraint). */
export const STAMP_ID = 1;

export type StampRow = typeof companyStamps.$inferSelect;

/** Company stamp as the API answers it; the PNG travels inline (at most a few hundred KB). */
export function toCompanyStamp(row: StampRow): CompanyStamp {
  return {
    id: row.id,
    label: row.label,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    isActive: row.isActive,
    previewDataUri: `data:${row.mimeType};base64,${Buffer.from(row.image).toString("base64")}`,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The stamp (0 or 1 of them); with `activeOnly`, only if it is active. */
export async function listStamps(
  db: Database,
  options: { activeOnly?: boolean } = {},
): Promise<CompanyStamp[]> {
  const rows = await db
    .select()
    .from(companyStamps)
    .where(options.activeOnly ? eq(companyStamps.isActive, true) : undefined)
    .orderBy(companyStamps.id);
  return rows.map(toCompanyStamp);
}
