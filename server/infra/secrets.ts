import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * A secret from the environment, or, on the embedded default, one generated once into
 * DATA_DIR/secrets so restarts keep it. Several instances must share it: set it by env then.
 */
export function loadOrCreateSecret(dataDir: string, name: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const folder = path.join(dataDir, "secrets");
  const file = path.join(folder, name);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const secret = crypto.randomBytes(32).toString("base64url");
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return fs.readFileSync(file, "utf8").trim();
    throw error;
  }
}

/** Independent keys for separate purposes from one secret (HMAC as a key-derivation step). */
export function deriveSecret(secret: string, purpose: string): string {
  return crypto.createHmac("sha256", secret).update(purpose).digest("base64url");
}
