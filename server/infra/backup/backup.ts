import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { openPglite } from "../../db";
import type { ServerEnv } from "../../env";
import { DirectoryLockedError } from "../db/directory-lock";
import { createStorage } from "../storage";
import { readBackupAccess } from "./backup-access";
import { encryptedWriter, folderWriter } from "./backup-files";
import { MIN_PASSPHRASE_LENGTH } from "./encryption";
import { appVersion, type BackupManifest, DUMP_FILE, MANIFEST_FILE, newestMigration } from "./manifest";
import { exportObjects, listObjectKeys } from "./objects";
import { dumpPglite } from "./pglite-dump";
import { dumpPostgres } from "./postgres-dump";
import { countRows, dumpedFromVersion, portableDump } from "./sql-dump";

// `npm run cli -- backup <dir>`, while the app runs: the database as SQL first, then the stored
// files. Files are written once and never changed, so an object stored after the dump is merely
// extra in the backup; one deleted between dump and copy is missing (the files' own risk of any
// online backup, named in the decision record). The secrets folder stays out: everything the API
// needs is in the database (generated secrets included), and the folder's files are the first
// admin's sign-in details and per-process state, no business of a copy kept elsewhere.

export type BackupOptions = {
  /** Encrypts the backup into one file (backup-files.ts); unset, the files are written as they are. */
  passphrase?: string;
};
export type BackupResult = { dir: string; manifest: BackupManifest; encrypted: boolean };

async function takeDump(env: ServerEnv): Promise<{ sql: string; via: BackupManifest["database"]["via"] }> {
  if (env.DATABASE_URL) return { sql: await dumpPostgres(env.DATABASE_URL), via: "pg_dump" };
  const folder = path.join(env.DATA_DIR, "pglite");
  if (!fs.existsSync(path.join(folder, "PG_VERSION"))) {
    throw new Error(`There is no embedded database in ${folder}: check DATA_DIR (or set DATABASE_URL)`);
  }
  try {
    // No API runs on this DATA_DIR: open the folder ourselves (the lock keeps an API out meanwhile).
    const database = await openPglite({ dataDir: folder });
    try {
      return { sql: await dumpPglite(database.pglite as NonNullable<typeof database.pglite>), via: "direct" };
    } finally {
      await database.close();
    }
  } catch (error) {
    if (!(error instanceof DirectoryLockedError)) throw error;
  }
  return { sql: await dumpThroughApi(env), via: "api" };
}

/** The running API holds the embedded database: it dumps it for us (routes/backup.ts). */
async function dumpThroughApi(env: ServerEnv): Promise<string> {
  const access = readBackupAccess(env.DATA_DIR);
  if (!access) {
    throw new Error(
      "An API holds the embedded database but left no backup address in the secrets folder: restart it with this version, or stop it and run the backup again",
    );
  }
  let response: Response;
  try {
    response = await fetch(`${access.url}/internal/backup`, {
      method: "POST",
      headers: { authorization: `Bearer ${access.token}` },
    });
  } catch (error) {
    throw new Error(`The API at ${access.url} did not answer: ${(error as Error).message}`);
  }
  if (!response.ok) {
    throw new Error(
      `The API at ${access.url} refused the dump (${response.status}): ${await response.text()}`,
    );
  }
  return response.text();
}

async function assertEmptyTarget(dir: string) {
  if (!fs.existsSync(dir)) return;
  if ((await fsp.readdir(dir)).length > 0) throw new Error(`${dir} is not empty: give a new folder`);
}

export async function createBackup(
  env: ServerEnv,
  dir: string,
  options: BackupOptions = {},
): Promise<BackupResult> {
  const { passphrase } = options;
  if (passphrase !== undefined && passphrase.length < MIN_PASSPHRASE_LENGTH) {
    throw new Error(`The passphrase needs at least ${MIN_PASSPHRASE_LENGTH} characters`);
  }
  const target = path.resolve(dir);
  await assertEmptyTarget(target);
  const writer = passphrase ? await encryptedWriter(target, passphrase) : await folderWriter(target);
  try {
    const dump = await takeDump(env);
    const sql = portableDump(dump.sql);
    const files: BackupManifest["files"] = {};
    files[DUMP_FILE] = await writer.add(DUMP_FILE, Buffer.from(sql));

    // A signing secret is needed to build the storage, not to read from it.
    const storage = createStorage(env, crypto.randomBytes(32).toString("base64url"));
    const objects = await exportObjects(storage, await listObjectKeys(env), async (name, content) => {
      files[name] = await writer.add(name, content);
      return files[name];
    });

    const manifest: BackupManifest = {
      format: "partner-platform-backup",
      formatVersion: 1,
      appVersion,
      schema: newestMigration(),
      createdAt: new Date().toISOString(),
      database: {
        kind: env.DATABASE_URL ? "postgres" : "pglite",
        via: dump.via,
        serverVersion: dumpedFromVersion(sql),
      },
      counts: { rows: countRows(sql), objects: objects.count, objectBytes: objects.bytes },
      files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))),
    };
    await writer.add(MANIFEST_FILE, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await writer.commit();
    return { dir: target, manifest, encrypted: Boolean(passphrase) };
  } catch (error) {
    await writer.discard();
    throw error;
  }
}
