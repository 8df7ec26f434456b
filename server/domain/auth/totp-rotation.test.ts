import crypto from "node:crypto";
import os from "node:os";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userTotp } from "../../db/schema";
import { authKeys, loadAppSecrets } from "../../infra/app-secrets";
import { createUser } from "../../testing/auth-api";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import {
  consumeTotpCode,
  encryptTotpSecret,
  newTotpSecret,
  reencryptTotpSecrets,
  totpSecretKeys,
} from "./totp";

// A member's authenticator secret stored under the old AUTH_SECRET, after the operator sets a new
// AUTH_SECRET: readable only while AUTH_SECRET_PREVIOUS names the old one, and stored again under
// the new one (on the next accepted code, and for everyone at the API's start).

const OLD_AUTH_SECRET = crypto.randomBytes(32).toString("base64url");
const NEW_AUTH_SECRET = crypto.randomBytes(32).toString("base64url");

let database: TestDatabase;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The keys the API derives at start from this configuration (main.ts). */
async function keysFor(env: { AUTH_SECRET: string; AUTH_SECRET_PREVIOUS?: string }) {
  return authKeys(await loadAppSecrets(db(), { DATA_DIR: os.tmpdir(), ...env }));
}

const PERIOD_MS = 30_000;
let step = Math.floor(Date.now() / PERIOD_MS);
/** A code of a step after every earlier one (a step is spent once), and the time it is valid at. */
function nextCode(secret: string): { code: string; now: number } {
  step = Math.max(step + 1, Math.floor(Date.now() / PERIOD_MS));
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
  const code = totp.generate({ timestamp: step * PERIOD_MS });
  return { code, now: step * PERIOD_MS };
}

/** A member who turned two-factor sign-in on under the old AUTH_SECRET. */
async function memberEnrolledUnderOldSecret() {
  const user = await createUser(db());
  const secret = newTotpSecret();
  const old = await keysFor({ AUTH_SECRET: OLD_AUTH_SECRET });
  await db()
    .insert(userTotp)
    .values({ userId: user.id, secretEncrypted: encryptTotpSecret(old.totpSecretKey, user.id, secret) });
  return { userId: user.id, secret };
}

async function storedValue(userId: string) {
  const [row] = await db()
    .select({ value: userTotp.secretEncrypted })
    .from(userTotp)
    .where(eq(userTotp.userId, userId));
  return row?.value;
}

describe("rotating AUTH_SECRET with AUTH_SECRET_PREVIOUS", () => {
  it("without AUTH_SECRET_PREVIOUS the stored secret is unreadable: codes are refused", async () => {
    const member = await memberEnrolledUnderOldSecret();
    const rotated = await keysFor({ AUTH_SECRET: NEW_AUTH_SECRET });
    expect(rotated.previousTotpSecretKey).toBeUndefined();
    const attempt = nextCode(member.secret);
    expect(
      await consumeTotpCode(db(), totpSecretKeys(rotated), member.userId, attempt.code, attempt.now),
    ).toBe(false);
    expect(await reencryptTotpSecrets(db(), totpSecretKeys(rotated))).toBe(0);
  });

  it("with AUTH_SECRET_PREVIOUS a code verifies, and the secret is stored again under the new secret", async () => {
    const member = await memberEnrolledUnderOldSecret();
    const before = await storedValue(member.userId);
    const rotated = await keysFor({ AUTH_SECRET: NEW_AUTH_SECRET, AUTH_SECRET_PREVIOUS: OLD_AUTH_SECRET });
    const first = nextCode(member.secret);
    expect(await consumeTotpCode(db(), totpSecretKeys(rotated), member.userId, first.code, first.now)).toBe(
      true,
    );
    expect(await storedValue(member.userId)).not.toBe(before);

    // The new secret alone reads it now: AUTH_SECRET_PREVIOUS can go.
    const newOnly = await keysFor({ AUTH_SECRET: NEW_AUTH_SECRET });
    const second = nextCode(member.secret);
    expect(await consumeTotpCode(db(), totpSecretKeys(newOnly), member.userId, second.code, second.now)).toBe(
      true,
    );
    // And the old one no longer does.
    const oldOnly = await keysFor({ AUTH_SECRET: OLD_AUTH_SECRET });
    const third = nextCode(member.secret);
    expect(await consumeTotpCode(db(), totpSecretKeys(oldOnly), member.userId, third.code, third.now)).toBe(
      false,
    );
  });

  it("a start with AUTH_SECRET_PREVIOUS stores every secret under the new secret at once", async () => {
    const members = [await memberEnrolledUnderOldSecret(), await memberEnrolledUnderOldSecret()];
    const rotated = await keysFor({ AUTH_SECRET: NEW_AUTH_SECRET, AUTH_SECRET_PREVIOUS: OLD_AUTH_SECRET });
    // Every row still under the old secret, these two included (earlier tests' rows may be too).
    expect(await reencryptTotpSecrets(db(), totpSecretKeys(rotated))).toBeGreaterThanOrEqual(2);
    expect(await reencryptTotpSecrets(db(), totpSecretKeys(rotated))).toBe(0);
    const newOnly = await keysFor({ AUTH_SECRET: NEW_AUTH_SECRET });
    for (const member of members) {
      const attempt = nextCode(member.secret);
      expect(
        await consumeTotpCode(db(), totpSecretKeys(newOnly), member.userId, attempt.code, attempt.now),
      ).toBe(true);
    }
  });
});
