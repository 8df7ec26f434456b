import { type AnyColumn, type SQL, sql, type Table } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db";
import type { ServerEnv } from "../../env";
import type { ObjectStorage } from "../../infra/storage/types";

/** How long each kind of kept data stays after it has served its purpose (server/env.ts). */
export type RetentionSettings = {
  sessionRetentionDays: number;
  /** A session also ends when it goes unrefreshed this long (SESSION_IDLE_HOURS). */
  sessionIdleSeconds: number;
  auditIpRetentionDays: number;
  replacedIdRetentionDays: number;
  contractRetentionYears: number;
};

export function retentionSettingsOf(env: ServerEnv): RetentionSettings {
  return {
    sessionRetentionDays: env.SESSION_RETENTION_DAYS,
    sessionIdleSeconds: env.SESSION_IDLE_HOURS * 3600,
    auditIpRetentionDays: env.AUDIT_IP_RETENTION_DAYS,
    replacedIdRetentionDays: env.REPLACED_ID_RETENTION_DAYS,
    contractRetentionYears: env.CONTRACT_RETENTION_YEARS,
  };
}

export type RetentionDeps = {
  db: Database;
  /** Where the files of deleted ID images and contracts go from, after their rows. */
  storage: ObjectStorage;
  logger: Logger;
  settings: RetentionSettings;
};

/**
 * Rows one transaction of the job changes at most. Each batch locks only its own rows (`SKIP
 * LOCKED`, so a second instance takes others) and commits at once: a sign-in never waits for
 * more than one short batch, and a backlog of a million rows is a thousand small commits.
 */
export const RETENTION_BATCH_SIZE = 1000;

/** Runs `batch` until it finds fewer rows than a full batch; returns what the batches changed. */
export async function inBatches(
  batchSize: number,
  batch: () => Promise<{ found: number; changed: number }>,
): Promise<number> {
  let changed = 0;
  for (;;) {
    const result = await batch();
    changed += result.changed;
    if (result.found < batchSize) return changed;
  }
}

/** The rows of a raw statement (the drivers type `execute` loosely). */
export async function rowsOf<Row>(db: Pick<Database, "execute">, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** How many rows of `table` match `where`: a step's dry run. */
export async function countRows(
  db: Pick<Database, "execute">,
  table: Table | SQL,
  where: SQL,
): Promise<number> {
  const result = await rowsOf<{ rows: number }>(
    db,
    sql`select count(*)::int as rows from ${table} where ${where}`,
  );
  return Number(result[0]?.rows ?? 0);
}

/**
 * How many rows of `table` match `where`, and how many rows of `owned` belong to them (their
 * `ownerColumn` holds the row's id): what a step that deletes rows with their dependents removes.
 */
export async function countRowsAndOwned(
  db: Pick<Database, "execute">,
  { table, where, owned, ownerColumn }: { table: Table; where: SQL; owned: Table; ownerColumn: AnyColumn },
): Promise<{ rows: number; owned: number }> {
  const result = await rowsOf<{ rows: number; owned: number }>(
    db,
    sql`
    with due as (select id from ${table} where ${where})
    select (select count(*) from due)::int as rows,
           (select count(*) from ${owned} where ${ownerColumn} in (select id from due))::int as owned`,
  );
  const row = result[0];
  return { rows: Number(row?.rows ?? 0), owned: Number(row?.owned ?? 0) };
}

/**
 * Deletes one batch: at most `batchSize` rows of `table` that match `where`, each named by its `key` columns,
 * skipping rows another run holds (`SKIP LOCKED`). Answers `returning` of each deleted row.
 */
export async function deleteBatch<Row = unknown>(
  db: Pick<Database, "execute">,
  {
    table,
    key,
    where,
    batchSize,
    returning = sql`1`,
  }: {
    table: Table;
    key: SQL;
    where: SQL;
    batchSize: number;
    returning?: SQL;
  },
): Promise<Row[]> {
  return rowsOf<Row>(
    db,
    sql`
    delete from ${table} where (${key}) in (
      select ${key} from ${table} where ${where}
      limit ${batchSize} for update skip locked
    ) returning ${returning}`,
  );
}
