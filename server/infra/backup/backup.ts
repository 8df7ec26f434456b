import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { openPglite } from "../../db";
import type { ServerEnv } from "../../env";
import { DirectoryLockedError } from "../db/directory-lock";
import { createStorage } from "../storage";
import { readBackupAccess } from "./backup-access";
import {
  appVersion,
  type BackupManifest,
  DUMP_FILE,
  digestFiles,
  MANIFEST_FILE,
  newestMigration,
} from "./manifest";
import { exportObjects, listObjectKeys } from "./objects";
import { dumpPglite } from "./pglite-dump";
import { dumpPostgres } from "./postgres-dump";
import { countRows, dumpedFromVersion, portableDump } from "./sql-dump";

// `npm run cli -- backup <dir>`, while the app runs: the database as SQL first, then the stored
// files, then the secrets folder. Files are written once and never changed, so an object stored
// after the dump is merely extra in the backup; one deleted between dump and copy is missing
// (the files' own risk of any online backup, named in the decision record).

export type BackupResult = { dir: string; manifest: BackupManifest };

/** Secret files that belong to one running process or to a write under way. */
function isTransientSecretFile(name: string): boolean {
  return name.endsWith(".lock") || name.endsWith(".tmp") || name === "api-backup.json";
}

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

export async function createBackup(env: ServerEnv, dir: string): Promise<BackupResult> {
  const target = path.resolve(dir);
  await assertEmptyTarget(target);
  // Written beside the target and renamed at the end, so a backup folder is always complete.
  const staging = `${target}.partial-${crypto.randomBytes(4).toString("hex")}`;
  await fsp.mkdir(staging, { recursive: true, mode: 0o700 });
  try {
    const dump = await takeDump(env);
    const sql = portableDump(dump.sql);
    await fsp.writeFile(path.join(staging, DUMP_FILE), sql, { mode: 0o600 });

    // A signing secret is needed to build the storage, not to read from it.
    const storage = createStorage(env, crypto.randomBytes(32).toString("base64url"));
    const objects = await exportObjects(storage, await listObjectKeys(env), staging);

    let secretFiles = 0;
    const secrets = path.join(env.DATA_DIR, "secrets");
    if (fs.existsSync(secrets)) {
      await fsp.mkdir(path.join(staging, "secrets"), { mode: 0o700 });
      for (const entry of await fsp.readdir(secrets, { withFileTypes: true })) {
        if (!entry.isFile() || isTransientSecretFile(entry.name)) continue;
        await fsp.copyFile(path.join(secrets, entry.name), path.join(staging, "secrets", entry.name));
        await fsp.chmod(path.join(staging, "secrets", entry.name), 0o600);
        secretFiles += 1;
      }
    }

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
      counts: { rows: countRows(sql), objects: objects.count, objectBytes: objects.bytes, secretFiles },
      files: await digestFiles(staging),
    };
    await fsp.writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    if (fs.existsSync(target)) await fsp.rmdir(target);
    await fsp.rename(staging, target);
    return { dir: target, manifest };
  } catch (error) {
    await fsp.rm(staging, { recursive: true, force: true });
    throw error;
  }
}
