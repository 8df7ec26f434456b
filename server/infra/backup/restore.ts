import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql as drizzleSql } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, openPglite, openPostgres } from "../../db";
import type { ServerEnv } from "../../env";
import { createStorage } from "../storage";
import { ENCRYPTED_BACKUP_FILE, unpackEncryptedBackup } from "./backup-files";
import { type BackupManifest, DUMP_FILE, readVerifiedManifest } from "./manifest";
import { importObjects } from "./objects";
import { portableDump } from "./sql-dump";

// `npm run cli -- restore <dir>`: into an empty DATA_DIR (a fresh embedded database) or into
// the PostgreSQL database DATABASE_URL names, which is how an operator moves from the embedded
// default to a server. Everything is checked before anything is written: the backup's
// checksums, an empty target. The SQL loads in one transaction; then the migrations this
// version has beyond the backup's run, as at every start. An encrypted backup is decrypted and
// authenticated whole into a private temporary folder first, then restored from there.

export type RestoreOptions = {
  force?: boolean;
  /** The passphrase of an encrypted backup, asked for only when the backup is one. */
  passphrase?: () => Promise<string>;
};
export type RestoreResult = {
  manifest: BackupManifest;
  target: string;
  rows: number;
  objects: number;
  encrypted: boolean;
};

const PGLITE_FOLDER = "pglite";

async function isNonEmptyFolder(folder: string): Promise<boolean> {
  return fs.existsSync(folder) && (await fsp.readdir(folder)).length > 0;
}

/** Tables, sequences and views outside PostgreSQL's own schemas, and whether drizzle's exists. */
async function postgresContents(client: pg.Client): Promise<number> {
  const result = await client.query<{ count: number }>(
    `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
        and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
  );
  return result.rows[0]?.count ?? 0;
}

async function loadIntoPostgres(databaseUrl: string, dump: string, force: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existing = await postgresContents(client);
    if (existing > 0 && !force) {
      throw new Error(
        `The database at DATABASE_URL is not empty (${existing} tables, sequences or views). ` +
          "Restore into an empty database, or pass --force to replace its contents.",
      );
    }
    await client.query("begin");
    try {
      if (existing > 0) {
        // Everything the app and a previous restore create lives in these two schemas.
        await client.query("drop schema if exists drizzle cascade; drop schema if exists public cascade");
        await client.query("create schema public");
      }
      await client.query(dump);
      await client.query("commit");
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    }
  } finally {
    await client.end();
  }
}

async function countTables(database: DatabaseHandle, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    // Names as pg_dump wrote them (schema-qualified, quoted where needed).
    const result = (await database.db.execute(
      drizzleSql.raw(`select count(*)::int as count from ${table}`),
    )) as unknown as {
      rows: Array<{ count: number }>;
    };
    counts[table] = result.rows[0]?.count ?? 0;
  }
  return counts;
}

/** The encrypted file a backup path names: the file itself, or the one in the folder; else null. */
async function encryptedFileOf(source: string): Promise<string | null> {
  if ((await fsp.stat(source)).isFile()) return source;
  const inFolder = path.join(source, ENCRYPTED_BACKUP_FILE);
  return fs.existsSync(inFolder) ? inFolder : null;
}

export async function restoreBackup(
  env: ServerEnv,
  dir: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const source = path.resolve(dir);
  if (!fs.existsSync(source)) throw new Error(`${source} does not exist`);
  const encrypted = await encryptedFileOf(source);
  if (!encrypted) return { ...(await restoreFolder(env, source, options)), encrypted: false };
  if (!options.passphrase) {
    throw new Error("The backup is encrypted: set BACKUP_PASSPHRASE, or run the restore in a terminal");
  }
  const passphrase = await options.passphrase();
  // Every byte is authenticated before anything is written to the target: a wrong passphrase or
  // a changed byte anywhere stops the restore here. The folder is the restoring user's alone.
  const unpacked = await fsp.mkdtemp(path.join(os.tmpdir(), "partner-platform-restore-"));
  try {
    await unpackEncryptedBackup(encrypted, passphrase, unpacked);
    return { ...(await restoreFolder(env, unpacked, options)), encrypted: true };
  } finally {
    await fsp.rm(unpacked, { recursive: true, force: true });
  }
}

async function restoreFolder(
  env: ServerEnv,
  backupDir: string,
  options: RestoreOptions,
): Promise<Omit<RestoreResult, "encrypted">> {
  const force = options.force ?? false;
  const manifest = await readVerifiedManifest(backupDir);
  const sql = portableDump(await fsp.readFile(path.join(backupDir, DUMP_FILE), "utf8"));

  // Checks first: nothing is written into a target that is in use.
  const pgliteFolder = path.join(env.DATA_DIR, PGLITE_FOLDER);
  if (!env.DATABASE_URL && (await isNonEmptyFolder(pgliteFolder))) {
    throw new Error(
      `${pgliteFolder} already holds a database: restore into an empty DATA_DIR (move the folder away first)`,
    );
  }
  const objectsFolder = path.join(env.DATA_DIR, "objects");
  if (!env.S3_BUCKET && !force && (await isNonEmptyFolder(objectsFolder))) {
    throw new Error(`${objectsFolder} already holds files: restore into an empty DATA_DIR, or pass --force`);
  }
  const secretsFrom = path.join(backupDir, "secrets");
  const secretsTo = path.join(env.DATA_DIR, "secrets");
  // Backups of earlier versions carried the secrets folder; only the files the manifest checked.
  const secretNames = Object.keys(manifest.files)
    .filter((name) => /^secrets\/[^/]+$/.test(name))
    .map((name) => name.slice("secrets/".length));
  for (const name of secretNames) {
    const existing = path.join(secretsTo, name);
    if (
      !force &&
      fs.existsSync(existing) &&
      !(await fsp.readFile(existing)).equals(await fsp.readFile(path.join(secretsFrom, name)))
    ) {
      throw new Error(
        `${existing} exists with other content: restore into an empty DATA_DIR, or pass --force`,
      );
    }
  }

  let database: DatabaseHandle;
  let target: string;
  if (env.DATABASE_URL) {
    await loadIntoPostgres(env.DATABASE_URL, sql, force);
    database = await openPostgres(env.DATABASE_URL, 2);
    target = "PostgreSQL (DATABASE_URL)";
  } else {
    fs.mkdirSync(pgliteFolder, { recursive: true, mode: 0o700 });
    database = await openPglite({ dataDir: pgliteFolder });
    target = pgliteFolder;
    try {
      await (database.pglite as NonNullable<DatabaseHandle["pglite"]>).exec(sql);
    } catch (error) {
      await database.close();
      // Nothing of it is worth keeping: the next attempt needs an empty folder again.
      await fsp.rm(pgliteFolder, { recursive: true, force: true });
      throw error;
    }
  }
  let rows = 0;
  try {
    const expected = manifest.counts.rows;
    const actual = await countTables(database, Object.keys(expected));
    for (const [table, count] of Object.entries(expected)) {
      if (actual[table] !== count) {
        throw new Error(`After loading, ${table} holds ${actual[table]} rows; the backup has ${count}`);
      }
      rows += count;
    }
    await database.migrate();
  } finally {
    await database.close();
  }

  // A signing secret is needed to build the storage, not to write to it.
  const storage = createStorage(env, crypto.randomBytes(32).toString("base64url"));
  const objects = await importObjects(storage, backupDir);

  if (secretNames.length) {
    await fsp.mkdir(secretsTo, { recursive: true, mode: 0o700 });
    for (const name of secretNames) {
      await fsp.copyFile(path.join(secretsFrom, name), path.join(secretsTo, name));
      await fsp.chmod(path.join(secretsTo, name), 0o600);
    }
  }
  return { manifest, target, rows, objects };
}
