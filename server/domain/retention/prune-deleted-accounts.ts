import { inArray, type SQL, sql } from "drizzle-orm";
import { documents, users } from "../../db/schema";
import { deleteStoredObjects } from "../../infra/storage/delete-stored-objects";
import { countRowsAndOwned, inBatches, type RetentionDeps, rowsOf } from "./retention-settings";

/**
 * A deleted account's row stays, erased, for the signed contracts and audit rows the operator
 * must keep (account/erase-account.ts). CONTRACT_RETENTION_YEARS after the deletion the row goes:
 * the foreign keys delete its contracts, their evidence and what else it still owns, and empty
 * the audit rows' and other members' references to it; the stored files follow.
 */
const deletedLongAgo = (deps: RetentionDeps): SQL =>
  sql`deleted_at < now() - make_interval(years => ${deps.settings.contractRetentionYears})`;

/**
 * Accounts per transaction at most, whatever the batch size: each one's cascade also rewrites
 * every audit row that names it.
 */
const ACCOUNTS_PER_BATCH = 10;

export async function countDeletedAccounts(deps: RetentionDeps) {
  const { rows, owned } = await countRowsAndOwned(deps.db, {
    table: users,
    where: deletedLongAgo(deps),
    owned: documents,
    ownerColumn: documents.userId,
  });
  return { accounts: rows, files: owned };
}

/** Rows first, in their batch's transaction; the files after it committed (a rollback keeps both). */
export async function pruneDeletedAccounts(deps: RetentionDeps, batchSize: number) {
  const perBatch = Math.min(batchSize, ACCOUNTS_PER_BATCH);
  let files = 0;
  const accounts = await inBatches(perBatch, async () => {
    const { ids, keys } = await deps.db.transaction(async (tx) => {
      const due = await rowsOf<{ id: string }>(
        tx,
        sql`
        select id from ${users} where ${deletedLongAgo(deps)}
        limit ${perBatch} for update skip locked`,
      );
      const ids = due.map((row) => row.id);
      if (ids.length === 0) return { ids, keys: [] };
      const stored = await tx
        .select({ storageKey: documents.storageKey })
        .from(documents)
        .where(inArray(documents.userId, ids));
      await tx.delete(users).where(inArray(users.id, ids));
      return { ids, keys: stored.map((row) => row.storageKey) };
    });
    await deleteStoredObjects(deps, keys, "deleted account past the contract retention", "document");
    files += keys.length;
    return { found: ids.length, changed: ids.length };
  });
  return { accounts, files };
}
