import crypto from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { Database } from "../../db";
import { totpRecoveryCodes, userTotp } from "../../db/schema";

// RFC 6238 as every authenticator app does it: SHA-1, six digits, 30-second steps. Codes of the
// step before and after are accepted (a phone's clock a little off, a code typed at the turn).
const PERIOD_SECONDS = 30;
const WINDOW_STEPS = 1;
const ISSUER = "Partner Platform";
const RECOVERY_CODE_COUNT = 10;

function totpOf(base32: string, label = "account"): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** A new 160-bit secret (RFC 4226's recommended length), base32 for the apps. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an app reads from the QR code, labelled with the member's email. */
export function totpUri(base32: string, email: string): string {
  return totpOf(base32, email).toString();
}

/** The time step whose code `code` is, within the window around `now`; null when none is. */
function matchingStep(base32: string, code: string, now: number): number | null {
  const totp = totpOf(base32);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

// The secret at rest: AES-256-GCM under a key derived from the auth secret, with the user id as
// associated data, so a copied row does not decrypt for another account and a changed one fails.
function encryptionKey(secretKey: string): Buffer {
  return crypto.createHmac("sha256", secretKey).update("totp-secret-encryption").digest();
}

export function encryptTotpSecret(secretKey: string, userId: string, base32: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", encryptionKey(secretKey), iv);
  cipher.setAAD(Buffer.from(userId));
  const ciphertext = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
  return ["v1", iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The base32 secret, or null when the stored value does not decrypt (another auth secret). */
function decryptTotpSecret(secretKey: string, userId: string, stored: string): string | null {
  const [version, iv, ciphertext, tag] = stored.split(".");
  if (version !== "v1" || !iv || !ciphertext || !tag) return null;
  try {
    const decipher = crypto.createDecipheriv(
      "aes-256-gcm",
      encryptionKey(secretKey),
      Buffer.from(iv, "base64url"),
    );
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return null;
  }
}

/**
 * The key secrets are written with, and the one of the auth secret before a rotation
 * (AUTH_SECRET_PREVIOUS), still read: a new AUTH_SECRET alone would leave every stored secret
 * unreadable and every member with two-factor sign-in locked out.
 */
export type TotpSecretKeys = { current: string; previous?: string };

/** The keys an auth configuration holds (auth-deps.ts). */
export function totpSecretKeys(config: {
  totpSecretKey: string;
  previousTotpSecretKey?: string;
}): TotpSecretKeys {
  return { current: config.totpSecretKey, previous: config.previousTotpSecretKey };
}

function readTotpSecret(
  keys: TotpSecretKeys,
  userId: string,
  stored: string,
): { secret: string; underPrevious: boolean } | null {
  const secret = decryptTotpSecret(keys.current, userId, stored);
  if (secret) return { secret, underPrevious: false };
  const previous = keys.previous ? decryptTotpSecret(keys.previous, userId, stored) : null;
  return previous ? { secret: previous, underPrevious: true } : null;
}

/**
 * Stores every secret that only the previous key reads again under the current one, so a start
 * after a rotation finishes it and AUTH_SECRET_PREVIOUS can go. Each row is replaced only if it
 * still holds the value read (several instances may start at once). Returns how many moved.
 */
export async function reencryptTotpSecrets(db: Database, keys: TotpSecretKeys): Promise<number> {
  if (!keys.previous) return 0;
  const rows = await db
    .select({ userId: userTotp.userId, secretEncrypted: userTotp.secretEncrypted })
    .from(userTotp);
  let moved = 0;
  for (const row of rows) {
    const read = readTotpSecret(keys, row.userId, row.secretEncrypted);
    if (!read?.underPrevious) continue;
    const [updated] = await db
      .update(userTotp)
      .set({ secretEncrypted: encryptTotpSecret(keys.current, row.userId, read.secret) })
      .where(and(eq(userTotp.userId, row.userId), eq(userTotp.secretEncrypted, row.secretEncrypted)))
      .returning({ userId: userTotp.userId });
    if (updated) moved += 1;
  }
  return moved;
}

/**
 * Checks an authenticator code and spends it: the step it belongs to is stored with a
 * conditional UPDATE that only moves forward, so the same code (or an older one) never works
 * twice, not even in two parallel requests. A secret read under the previous key is stored
 * again under the current one in the same UPDATE.
 */
export async function consumeTotpCode(
  db: Database,
  secretKey: string | TotpSecretKeys,
  userId: string,
  code: string,
  now = Date.now(),
): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const keys = typeof secretKey === "string" ? { current: secretKey } : secretKey;
  const [row] = await db
    .select({ secretEncrypted: userTotp.secretEncrypted })
    .from(userTotp)
    .where(eq(userTotp.userId, userId))
    .limit(1);
  const read = row ? readTotpSecret(keys, userId, row.secretEncrypted) : null;
  if (!row || !read) return false;
  const step = matchingStep(read.secret, code, now);
  if (step === null) return false;
  const [spent] = await db
    .update(userTotp)
    .set({
      lastUsedStep: step,
      ...(read.underPrevious
        ? { secretEncrypted: encryptTotpSecret(keys.current, userId, read.secret) }
        : {}),
    })
    .where(
      and(
        eq(userTotp.userId, userId),
        or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step)),
        // Only the value just read: a secret replaced meanwhile (a new enrolment) is not overwritten.
        read.underPrevious ? eq(userTotp.secretEncrypted, row.secretEncrypted) : undefined,
      ),
    )
    .returning({ userId: userTotp.userId });
  return Boolean(spent);
}

// Recovery codes: 16 characters of Crockford's base32 (80 random bits), shown as four groups.
// Case, spaces and dashes do not matter when one is typed.
const RECOVERY_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(16);
  const characters = [...bytes].map((byte) => RECOVERY_ALPHABET[byte & 31]).join("");
  return characters.match(/.{4}/g)?.join("-") ?? characters;
}

function normalizeRecoveryCode(code: string): string {
  return code
    .toUpperCase()
    .replace(/[\s-]+/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
}

function hashRecoveryCode(userId: string, code: string): string {
  return crypto
    .createHash("sha256")
    .update(`${userId}:${normalizeRecoveryCode(code)}`)
    .digest("hex");
}

/** Ten new recovery codes; the earlier ones stop working. Returns them once, in clear. */
export async function replaceRecoveryCodes(db: Database, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db
    .insert(totpRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(userId, code) })));
  return codes;
}

/** Spends a recovery code: one conditional UPDATE, so a code works exactly once. */
async function consumeRecoveryCode(db: Database, userId: string, code: string): Promise<boolean> {
  if (normalizeRecoveryCode(code).length !== 16) return false;
  const [spent] = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        eq(totpRecoveryCodes.codeHash, hashRecoveryCode(userId, code)),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  return Boolean(spent);
}

export async function countRecoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: sql<number>`count(*)::int` })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
  return Number(row?.left ?? 0);
}

/** A six-digit code is an authenticator code; anything else is tried as a recovery code. */
export async function consumeSecondFactor(
  db: Database,
  secretKey: string | TotpSecretKeys,
  userId: string,
  code: string,
): Promise<"totp" | "recovery_code" | null> {
  const trimmed = code.replace(/\s+/g, "");
  if (/^\d{6}$/.test(trimmed)) {
    return (await consumeTotpCode(db, secretKey, userId, trimmed)) ? "totp" : null;
  }
  return (await consumeRecoveryCode(db, userId, trimmed)) ? "recovery_code" : null;
}
