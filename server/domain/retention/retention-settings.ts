import type { SQL } from "drizzle-orm";
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
