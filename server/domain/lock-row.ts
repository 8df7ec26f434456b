import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db";
import { AppError, type ErrorReason } from "../errors";

/**
 * The row with this id, locked for the rest of the transaction, so that two changes of one row
 * queue instead of both acting on what they read. 404 with the reason `notFound` when there is none.
 */
export async function lockRow<T extends PgTable & { id: PgColumn }>(
  tx: Database,
  table: T,
  id: string,
  notFound: ErrorReason,
): Promise<T["$inferSelect"]> {
  const [row] = (await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for("update")) as T["$inferSelect"][];
  if (!row) throw new AppError("NOT_FOUND", notFound);
  return row;
}
