import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../db";
import { appSecrets } from "../db/schema";

const SECRET_PATTERN = /^[A-Za-z0-9_-]{43,}$/;

/** A generated secret is 32 random bytes as base64url; anything shorter or odder is not one of ours. */
export function isValidGeneratedSecret(text: string): boolean {
  return SECRET_PATTERN.test(text);
}

function generateRandomSecret(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export type StoredSecretSpec = {
  /** The row's name in app_secrets. */
  name: string;
  /** Its file name in DATA_DIR/secrets, where earlier versions kept it; the name when unset. */
  file?: string;
  /** The stored text when it is a usable secret of this kind, or undefined when it is empty, short or corrupt. */
  parse(text: string): string | undefined;
  /** A fresh secret as text to store. */
  generate(): string;
};

/** A 256-bit random secret stored as base64url. */
export const randomSecretSpec = (name: string): StoredSecretSpec => ({
  name,
  parse: (text) => (isValidGeneratedSecret(text.trim()) ? text.trim() : undefined),
  generate: generateRandomSecret,
});

// Any constant will do, as long as every instance uses the same one (and it differs from the
// migration lock's).
const SECRETS_LOCK_KEY = 7_340_212;

/**
 * The generated secrets named in `specs`, read from app_secrets, or created there once. Every
 * instance on the same database gets the same ones: a missing or unusable secret is created in a
 * transaction holding an advisory lock, so instances starting together do not each write their
 * own, and the one that waited reads what the first wrote.
 *
 * An empty, short or corrupt stored value is never used: it is replaced under the lock (with a
 * warning). A secret the database does not hold yet is first looked for in DATA_DIR/secrets,
 * where earlier versions kept it, so an existing install keeps its sessions and signed links;
 * those files are only read, never written or removed.
 */
export async function loadOrCreateStoredSecrets(
  db: Database,
  specs: StoredSecretSpec[],
  options: { dataDir?: string; warn?: (message: string) => void } = {},
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (specs.length === 0) return found;
  // Most starts find everything in place and take no lock.
  const rows = await db.select().from(appSecrets);
  for (const spec of specs) {
    const value = readUsable(rows, spec);
    if (value !== undefined) found.set(spec.name, value);
  }
  const missing = specs.filter((spec) => !found.has(spec.name));
  if (missing.length === 0) return found;

  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SECRETS_LOCK_KEY})`);
    // Another instance may have created them while we waited.
    const current = await tx.select().from(appSecrets);
    for (const spec of missing) {
      const value = readUsable(current, spec);
      if (value !== undefined) {
        found.set(spec.name, value);
        continue;
      }
      if (current.some((row) => row.name === spec.name)) {
        options.warn?.(`The stored secret "${spec.name}" was empty or invalid; a new secret replaces it.`);
      }
      const fromFile = options.dataDir ? readLegacyFile(options.dataDir, spec, options.warn) : undefined;
      const text = fromFile ?? spec.generate();
      await tx
        .insert(appSecrets)
        .values({ name: spec.name, value: text })
        .onConflictDoUpdate({ target: appSecrets.name, set: { value: text, createdAt: sql`now()` } });
      found.set(spec.name, text);
    }
  });
  return found;
}

function readUsable(rows: { name: string; value: string }[], spec: StoredSecretSpec): string | undefined {
  const row = rows.find((candidate) => candidate.name === spec.name);
  return row ? spec.parse(row.value) : undefined;
}

/** A secret an earlier version generated into DATA_DIR/secrets, when it is usable. */
function readLegacyFile(
  dataDir: string,
  spec: StoredSecretSpec,
  warn?: (message: string) => void,
): string | undefined {
  const file = path.join(dataDir, "secrets", spec.file ?? spec.name);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const value = spec.parse(text);
  if (value === undefined) {
    warn?.(`The secret file ${file} was empty or invalid; a new secret is generated instead.`);
  }
  return value;
}

/** Independent keys for separate purposes from one secret (HMAC as a key-derivation step). */
export function deriveSecret(secret: string, purpose: string): string {
  return crypto.createHmac("sha256", secret).update(purpose).digest("base64url");
}
