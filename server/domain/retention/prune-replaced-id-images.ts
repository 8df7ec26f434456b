import { inArray, type SQL, sql } from "drizzle-orm";
import { documents } from "../../db/schema";
import { deleteStoredObjects } from "../../infra/storage/delete-stored-objects";
import { countRows, inBatches, type RetentionDeps, rowsOf } from "./retention-settings";

/**
 * ID images an approved member replaced are kept for the admin's review of the change
 * (replace-id-documents.ts). Once an admin accepted it, they go REPLACED_ID_RETENTION_DAYS after
 * that decision: the images the review compared against (`previous`), and any the member
 * uploaded and replaced again while it was pending (in neither snapshot, uploaded after it
 * opened and replaced before it was decided). Images of a rejected change and anything a
 * pending review still shows stay.
 */
function replacedAndAccepted(deps: RetentionDeps): SQL {
  const listed = (snapshot: SQL) => sql`${snapshot} -> 'documentIds' @> jsonb_build_array(d.id::text)`;
  return sql`d.kind = 'id' and d.superseded_at is not null
    and exists (
      select 1 from change_reviews r
      where r.user_id = d.user_id and r.kind = 'id_documents' and r.status = 'accepted'
        and r.decided_at < now() - make_interval(days => ${deps.settings.replacedIdRetentionDays})
        and (${listed(sql`r.previous`)}
          or (d.created_at >= r.created_at and d.superseded_at <= r.decided_at
            and not ${listed(sql`r.proposed`)}))
    )
    and not exists (
      select 1 from change_reviews p
      where p.user_id = d.user_id and p.kind = 'id_documents' and p.status = 'pending'
        and (${listed(sql`p.previous`)} or ${listed(sql`p.proposed`)})
    )`;
}

export async function countReplacedIdImages(deps: RetentionDeps): Promise<number> {
  return countRows(deps.db, sql`${documents} d`, replacedAndAccepted(deps));
}

/** Rows first, in their batch's transaction; the files after it committed (a rollback keeps both). */
export async function pruneReplacedIdImages(deps: RetentionDeps, batchSize: number) {
  let files = 0;
  const rows = await inBatches(batchSize, async () => {
    const deleted = await deps.db.transaction(async (tx) => {
      const due = await rowsOf<{ id: string }>(
        tx,
        sql`
        select d.id from ${documents} d where ${replacedAndAccepted(deps)}
        limit ${batchSize} for update of d skip locked`,
      );
      const ids = due.map((row) => row.id);
      if (ids.length === 0) return [];
      return tx
        .delete(documents)
        .where(inArray(documents.id, ids))
        .returning({ storageKey: documents.storageKey });
    });
    const keys = deleted.map((row) => row.storageKey);
    await deleteStoredObjects(deps, keys, "replaced ID image past its retention", "ID image");
    files += keys.length;
    return { found: deleted.length, changed: deleted.length };
  });
  return { rows, files };
}
