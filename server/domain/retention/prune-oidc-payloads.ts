import { sql } from "drizzle-orm";
import { oidcPayloads } from "../../db/schema";
import { inBatches, type RetentionDeps, rowsOf } from "./retention-settings";

/**
 * The webshop sign-in's sessions, interactions, codes, grants and tokens past their expiry: the
 * provider's adapter never returns them again, so they only take room. Indexed by expiry.
 */
const expired = sql`${oidcPayloads.expiresAt} < now()`;

export async function countExpiredOidcPayloads(deps: RetentionDeps): Promise<number> {
  const result = await rowsOf<{ rows: number }>(
    deps.db,
    sql`select count(*)::int as rows from ${oidcPayloads} where ${expired}`,
  );
  return Number(result[0]?.rows ?? 0);
}

export async function pruneExpiredOidcPayloads(deps: RetentionDeps, batchSize: number): Promise<number> {
  return inBatches(batchSize, async () => {
    const deleted = await rowsOf<unknown>(
      deps.db,
      sql`
      delete from ${oidcPayloads} where (model, id) in (
        select model, id from ${oidcPayloads} where ${expired}
        limit ${batchSize} for update skip locked
      ) returning 1`,
    );
    return { found: deleted.length, changed: deleted.length };
  });
}
