import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// How `npm run cli -- backup` reaches an API that holds the embedded database (one process per
// DATA_DIR, so the CLI cannot open it): the API writes its loopback address and a token fresh
// at every start into a file only the operator's user can read, and answers POST
// /internal/backup with that token only. Reading the file needs the same access as reading
// DATA_DIR/pglite itself, so the route gives nothing a reader of the file did not have.

const BACKUP_ACCESS_FILE = "api-backup.json";

export type BackupAccess = { url: string; token: string };

function backupAccessPath(dataDir: string): string {
  return path.join(dataDir, "secrets", BACKUP_ACCESS_FILE);
}

export function newBackupToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** An address on this machine for a listening address: a wildcard is reached on loopback. */
export function loopbackUrl(host: string, port: number): string {
  const reachable = host === "0.0.0.0" || host === "" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}

export function writeBackupAccess(dataDir: string, access: BackupAccess): void {
  const file = backupAccessPath(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(access), { mode: 0o600 });
  fs.renameSync(temporary, file);
}

export function readBackupAccess(dataDir: string): BackupAccess | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(backupAccessPath(dataDir), "utf8")) as Partial<BackupAccess>;
    return typeof parsed.url === "string" && typeof parsed.token === "string"
      ? { url: parsed.url, token: parsed.token }
      : null;
  } catch {
    return null;
  }
}

/** Removes the file at a clean stop, unless a newer process has replaced it. */
export function removeBackupAccess(dataDir: string, token: string): void {
  if (readBackupAccess(dataDir)?.token === token) fs.rmSync(backupAccessPath(dataDir), { force: true });
}

/** Constant-time comparison of an `Authorization: Bearer` value with the token. */
export function isBackupAuthorization(header: string | undefined, token: string): boolean {
  const given = /^Bearer (\S+)$/.exec(header ?? "")?.[1];
  if (!given) return false;
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(token));
}
