import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDirectoryLock } from "../infra/db/directory-lock";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  /** The PGlite instance, for snapshots in tests; absent on PostgreSQL. */
  pglite?: PGlite;
  kind: "pglite" | "postgres";
  /**
   * PostgreSQL's pool use, for the metrics. Absent on PGlite: one connection inside this process,
   * whose queries queue in PGlite itself, where nothing can be counted.
   */
  poolUse?: () => { total: number; idle: number; waiting: number; max: number };
  /** Runs the committed migrations once, under an advisory lock shared by every instance. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

// Any constant will do, as long as every instance uses the same one.
const MIGRATION_LOCK_KEY = 7_340_211;

/** Connections an API instance's pool opens to PostgreSQL at most; DATABASE_POOL_SIZE overrides it. */
export const DEFAULT_POOL_SIZE = 10;

export async function openPostgres(
  databaseUrl: string,
  poolSize = DEFAULT_POOL_SIZE,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  // Nor may a client in use: its connection dropping mid-request (a failover, a restarted
  // server, an ended session) is an 'error' event nobody listens to while the client is checked
  // out, which would end the process. The request's own query fails with it and answers 503;
  // the pool discards the broken client.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

export type PgliteOptions = {
  /** Folder for a persistent database; omit for an in-memory one. */
  dataDir?: string;
  /** A dumpDataDir() snapshot to start from (tests use a migrated snapshot). */
  loadDataDir?: Blob | File;
};

/**
 * The initdb instance of a first start is done with, but its WebAssembly memory (about 300 MB
 * touched) is freed only when V8 next runs a full collection, and an API that then idles may not
 * run one for a long time: measured, a first start rested at 410 MB or at 810 MB, depending on
 * whether one had happened by chance. One full collection now makes it the former every time.
 * Node hides `gc` unless started with --expose-gc, which none of the API's start paths can be
 * relied on to pass; the flag is turned on here and `gc` taken from a fresh context (the flag
 * applies to contexts made after it). It runs once per first start, before any request.
 */
function releaseInitdbMemory() {
  try {
    v8.setFlagsFromString("--expose-gc");
    const collect = vm.runInNewContext("gc") as () => void;
    collect();
  } catch {
    // Without it the memory is returned at the next full collection.
  }
}

export async function openPglite({ dataDir, loadDataDir }: PgliteOptions = {}): Promise<DatabaseHandle> {
  let lock: { release(): void } | undefined;
  if (dataDir) {
    // The database files hold every account: readable by the API's user only, like the other
    // folders under DATA_DIR.
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    lock = acquireDirectoryLock(`${dataDir}.lock`);
  }
  // An empty folder is a first start: PGlite runs initdb in a WebAssembly instance of its own.
  const firstStart = dataDir !== undefined && fs.readdirSync(dataDir).length === 0;
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
      // The user search's trigram indexes (migration 0004) need it, as on PostgreSQL.
      extensions: { pg_trgm },
      // PostgreSQL's default 128 MB of shared buffers live in the WebAssembly memory and are all
      // touched at start: with 32 MB the API idles about 100 MB smaller. The files stay in the
      // operating system's cache, so a buffer miss costs a read, not a disk access.
      startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  if (firstStart) releaseInitdbMemory();
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    pglite: client,
    kind: "pglite",
    async migrate() {
      // One connection per PGlite, and the directory lock keeps other processes out.
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL only (DATABASE_POOL_SIZE): PGlite is one connection in the process. */
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize);
  return openPglite({ dataDir: path.join(options.dataDir, "pglite") });
}

/** Errors that mean the database cannot be reached right now (answered with 503). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      // Class 08: connection exceptions; 53: insufficient resources (disk full, out of memory,
      // too many connections); 57: operator intervention (shutdown, cancelled statement);
      // 58: system errors (I/O); XX: internal errors. None is the request's fault.
      if (/^(08|53|57|58|XX)/.test(code)) return true;
      if (["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"].includes(code)) return true;
    }
    if (
      typeof message === "string" &&
      // "not queryable": node-postgres refuses statements on a client whose connection died,
      // the rollback of the request's transaction included.
      /Connection terminated|connection timeout|not queryable|PGlite is closed/i.test(message)
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
