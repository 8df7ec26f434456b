import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import packageJson from "../../../package.json" with { type: "json" };
import { migrationsFolder } from "../../db";
import { fileDigest } from "./objects";

export const MANIFEST_FILE = "manifest.json";
export const DUMP_FILE = "database.sql";

export type BackupManifest = {
  format: "partner-platform-backup";
  formatVersion: 1;
  appVersion: string;
  /** The newest migration this version knows; a restore by a newer version applies the rest. */
  schema: string;
  createdAt: string;
  database: {
    kind: "pglite" | "postgres";
    /** How the dump was taken: through the running API, by opening the folder, or pg_dump. */
    via: "api" | "direct" | "pg_dump";
    serverVersion?: string;
  };
  counts: {
    /** Rows per table as dumped (one INSERT per row). */
    rows: Record<string, number>;
    objects: number;
    objectBytes: number;
    /** Backups of earlier versions only: the files of the secrets folder they held. */
    secretFiles?: number;
  };
  /** Every other file of the backup, relative to it, with its size and SHA-256. */
  files: Record<string, { size: number; sha256: string }>;
};

export function newestMigration(): string {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as {
    entries: Array<{ tag: string }>;
  };
  return journal.entries.at(-1)?.tag ?? "";
}

export const appVersion = (packageJson as { version: string }).version;

/** Every file under the backup folder except the manifest, relative to it, sorted. */
async function listFiles(backupDir: string): Promise<string[]> {
  const entries = await fsp.readdir(backupDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) =>
      path.relative(backupDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
    )
    .filter((name) => name !== MANIFEST_FILE)
    .sort();
}

/**
 * Reads a backup's manifest and checks every file it lists, and that it lists every file (a
 * restore copies whole folders); throws on the first problem.
 */
export async function readVerifiedManifest(backupDir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(backupDir, MANIFEST_FILE), "utf8")) as BackupManifest;
  } catch (error) {
    throw new Error(`${backupDir} holds no readable ${MANIFEST_FILE}: ${(error as Error).message}`);
  }
  if (manifest.format !== "partner-platform-backup" || manifest.formatVersion !== 1) {
    throw new Error(`${backupDir}/${MANIFEST_FILE} is not a backup this version can read`);
  }
  if (!manifest.files[DUMP_FILE]) throw new Error(`The backup lists no ${DUMP_FILE}`);
  for (const [name, expected] of Object.entries(manifest.files)) {
    const file = path.join(backupDir, ...name.split("/"));
    if (!path.resolve(file).startsWith(path.resolve(backupDir) + path.sep)) {
      throw new Error(`The manifest names a file outside the backup: ${name}`);
    }
    let actual: { size: number; sha256: string };
    try {
      actual = await fileDigest(file);
    } catch {
      throw new Error(`The backup is incomplete: ${name} is missing`);
    }
    if (actual.sha256 !== expected.sha256 || actual.size !== expected.size) {
      throw new Error(`The backup is damaged: ${name} does not match its checksum`);
    }
  }
  const unlisted = (await listFiles(backupDir)).filter((name) => !manifest.files[name]);
  if (unlisted.length > 0) {
    throw new Error(`The backup holds files its manifest does not list: ${unlisted.join(", ")}`);
  }
  return manifest;
}
