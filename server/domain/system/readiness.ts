import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../../db";
import type { ObjectStorage } from "../../infra/storage/types";

type CheckResult = "ok" | "unavailable" | "pending";

export type Readiness = {
  ready: boolean;
  checks: { database: CheckResult; migrations: CheckResult; storage: CheckResult };
};

/** A probe answers within this, or the instance counts as not ready: a balancer asks often. */
const READINESS_CHECK_TIMEOUT_MS = 3_000;

// A key no upload ever gets (uploads use random v4 UUIDs): reading it asks the store without
// touching an object.
const STORAGE_PROBE_KEY = "00000000-0000-4000-8000-000000000000";

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The newest migration this build ships (drizzle's journal; its `when` is what the database records). */
export function latestShippedMigration(migrationsFolder: string): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

async function latestAppliedMigration(database: DatabaseHandle): Promise<number> {
  const result = await database.db.execute(
    sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
  );
  const rows = (result as unknown as { rows: Array<{ latest: unknown }> }).rows;
  return Number(rows[0]?.latest ?? 0);
}

/**
 * Whether this API instance can serve requests: the database answers, it has every migration
 * this build ships (an instance of a newer release waits for the one that migrates), and the
 * object storage answers. Each check has READINESS_CHECK_TIMEOUT_MS; the first failure of each
 * is returned for the log.
 */
export async function checkReadiness(deps: {
  database: DatabaseHandle;
  storage: ObjectStorage;
  /** The newest migration's timestamp in this build. */
  shippedMigration: number;
  timeoutMs?: number;
}): Promise<Readiness & { errors: Partial<Record<keyof Readiness["checks"], unknown>> }> {
  const ms = deps.timeoutMs ?? READINESS_CHECK_TIMEOUT_MS;
  const errors: Partial<Record<keyof Readiness["checks"], unknown>> = {};
  const [database, migrations, storage] = await Promise.all([
    within(deps.database.ping(), ms).then(
      (): CheckResult => "ok",
      (error): CheckResult => {
        errors.database = error;
        return "unavailable";
      },
    ),
    within(latestAppliedMigration(deps.database), ms).then(
      (applied): CheckResult => (applied >= deps.shippedMigration ? "ok" : "pending"),
      (error): CheckResult => {
        errors.migrations = error;
        return "unavailable";
      },
    ),
    within(deps.storage.get(STORAGE_PROBE_KEY), ms).then(
      (found): CheckResult => {
        // Nothing should be stored under the probe key; a stream opened by accident is closed.
        found?.body.destroy();
        return "ok";
      },
      (error): CheckResult => {
        errors.storage = error;
        return "unavailable";
      },
    ),
  ]);
  const checks = { database, migrations, storage };
  return { ready: Object.values(checks).every((check) => check === "ok"), checks, errors };
}
