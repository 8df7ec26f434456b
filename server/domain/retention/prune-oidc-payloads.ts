import { sql } from "drizzle-orm";
import { oidcPayloads } from "../../db/schema";
import { countRows, deleteBatch, inBatches, type RetentionDeps } from "./retention-settings";

/**
 * The webshop sign-in's sessions, interactions, codes, grants and tokens past their expiry: the
 * provider's adapter never returns them again, so they only take room. Indexed by expiry.
 */
const expired = sql`${oidcPayloads.expiresAt} < now()`;

export async function countExpiredOidcPayloads(deps: RetentionDeps): Promise<number> {
  return countRows(deps.db, oidcPayloads, expired);
}

export async function pruneExpiredOidcPayloads(deps: RetentionDeps, batchSize: number): Promise<number> {
  return inBatches(batchSize, async () => {
    const deleted = await deleteBatch(deps.db, {
      table: oidcPayloads,
      key: sql`model, id`,
      where: expired,
      batchSize,
    });
    return { found: deleted.length, changed: deleted.length };
  });
}
