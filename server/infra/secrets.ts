import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const SECRET_PATTERN = /^[A-Za-z0-9_-]{43,}$/;

/** A generated secret is 32 random bytes as base64url; anything shorter or odder is not one of ours. */
export function isValidGeneratedSecret(text: string): boolean {
  return SECRET_PATTERN.test(text);
}

export type SecretFileOptions<T> = {
  /** The value the file holds, or undefined when it is empty, short or corrupt. */
  parse(text: string): T | undefined;
  /** A fresh value and the text to store. */
  generate(): { value: T; text: string };
  /** Told when an invalid file was replaced. */
  warn?: (message: string) => void;
};

/**
 * Reads a generated secret from DATA_DIR/secrets, or creates it. A file is written completely
 * before it appears (temporary file, then rename), and creating or replacing one happens under
 * a lock, so a process starting at the same time as another never reads a half-written file,
 * and both end up with the same secret. An empty, short or corrupt file is never used: it is
 * replaced by a fresh secret under the lock.
 */
export function loadOrCreateSecretFile<T>(file: string, options: SecretFileOptions<T>): T {
  const existing = readValid(file, options.parse);
  if (existing.value !== undefined) return existing.value;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  return withFileLock(`${file}.lock`, () => {
    // Another process may have created it while we waited.
    const again = readValid(file, options.parse);
    if (again.value !== undefined) return again.value;
    if (again.present) {
      options.warn?.(`The secret file ${file} was empty or invalid; a new secret replaces it.`);
    }
    const { value, text } = options.generate();
    const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
    const fd = fs.openSync(temporary, "wx", 0o600);
    try {
      fs.writeSync(fd, text);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
    return value;
  });
}

function readValid<T>(file: string, parse: (text: string) => T | undefined) {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { present: false, value: undefined };
    throw error;
  }
  return { present: true, value: parse(text) };
}

const LOCK_WAIT_MS = 10_000;
/** A lock file still without a live holder's pid after this long was left by a crashed writer. */
const EMPTY_LOCK_STALE_MS = 5_000;

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function withFileLock<T>(lockPath: string, work: () => T): T {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    let fd: number | undefined;
    try {
      fd = fs.openSync(lockPath, "wx", 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (fd !== undefined) {
      try {
        fs.writeSync(fd, String(process.pid));
        fs.closeSync(fd);
        return work();
      } finally {
        fs.rmSync(lockPath, { force: true });
      }
    }
    if (isStaleLock(lockPath)) {
      fs.rmSync(lockPath, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Could not take the lock ${lockPath}: another process holds it. Remove it if none runs.`,
      );
    }
    sleepSync(20);
  }
}

function isStaleLock(lockPath: string): boolean {
  try {
    const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
    if (Number.isInteger(holder) && holder > 0) return !isAlive(holder);
    return Date.now() - fs.statSync(lockPath).mtimeMs > EMPTY_LOCK_STALE_MS;
  } catch {
    // Gone meanwhile: try again.
    return false;
  }
}

/**
 * A secret from the environment, or, on the embedded default, one generated once into
 * DATA_DIR/secrets so restarts keep it. Several instances must share it: set it by env then.
 */
export function loadOrCreateSecret(
  dataDir: string,
  name: string,
  fromEnv?: string,
  warn?: (message: string) => void,
): string {
  if (fromEnv) return fromEnv;
  return loadOrCreateSecretFile(path.join(dataDir, "secrets", name), {
    parse: (text) => (isValidGeneratedSecret(text.trim()) ? text.trim() : undefined),
    generate() {
      const secret = crypto.randomBytes(32).toString("base64url");
      return { value: secret, text: secret };
    },
    warn,
  });
}

/** Independent keys for separate purposes from one secret (HMAC as a key-derivation step). */
export function deriveSecret(secret: string, purpose: string): string {
  return crypto.createHmac("sha256", secret).update(purpose).digest("base64url");
}
