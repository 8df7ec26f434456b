import { randomBytes, randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import type { JWK } from "jose";
import { decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFilesRoutes } from "../routes/files";
import { createTestDatabase, type TestDatabase } from "../testing/test-database";
import { loadAppSecrets } from "./app-secrets";
import { createFsStorage } from "./storage/fs-storage";
import { type AccessClaims, createTokenService, generateKeyMaterial, keyMaterialFrom } from "./tokens";

// Rotating a secret by configuration: the new one signs, the old one still verifies what it
// signed until that expires.

const claims: AccessClaims = {
  sub: randomUUID(),
  sid: randomUUID(),
  role: "user",
  userType: "personal",
  permissions: [],
};

/** A private JWK as an operator would paste it: no kid, no alg. */
function bareKey(): JWK {
  const { kid: _kid, alg: _alg, use: _use, ...bare } = generateKeyMaterial().privateJwk;
  return bare;
}

const publicHalf = ({ d: _d, ...rest }: JWK): JWK => rest;

let database: TestDatabase;
let folder: string;
beforeAll(async () => {
  database = await createTestDatabase();
  folder = await fsp.mkdtemp(path.join(os.tmpdir(), "key-rotation-"));
});
afterAll(async () => {
  await database?.close();
  await fsp.rm(folder, { recursive: true, force: true });
});

describe("signing key rotation with JWT_PRIVATE_KEY and JWT_PREVIOUS_PUBLIC_KEYS", () => {
  const start = Date.now();
  let clock = start;
  const now = () => clock;

  async function servicesFor(env: { JWT_PRIVATE_KEY: string; JWT_PREVIOUS_PUBLIC_KEYS?: string }) {
    const secrets = await loadAppSecrets(database.db, { DATA_DIR: folder, ...env });
    return createTokenService({ keys: secrets.keys, accessTokenTtlSeconds: 900, now });
  }

  it.each([
    ["the old private key", (old: JWK) => old],
    ["the old key's public half", publicHalf],
  ])(
    "keeps tokens of the old key valid until they expire (previous key given as %s)",
    async (_what, listed) => {
      clock = start;
      const oldKey = bareKey();
      const newKey = bareKey();
      const before = await servicesFor({ JWT_PRIVATE_KEY: JSON.stringify(oldKey) });
      const { token: oldToken } = await before.signAccessToken(claims);

      const after = await servicesFor({
        JWT_PRIVATE_KEY: JSON.stringify(newKey),
        JWT_PREVIOUS_PUBLIC_KEYS: JSON.stringify([listed(oldKey)]),
      });
      expect(await after.verifyAccessToken(oldToken)).toMatchObject({ sub: claims.sub, sid: claims.sid });

      // New tokens carry the new key's kid; both keys are published for the web tier.
      const { token: newToken } = await after.signAccessToken(claims);
      const oldKid = decodeProtectedHeader(oldToken).kid;
      const newKid = decodeProtectedHeader(newToken).kid;
      expect(newKid).not.toBe(oldKid);
      expect(await after.verifyAccessToken(newToken)).toMatchObject({ sub: claims.sub });
      const published = after.jwks().keys;
      expect(published.map((key) => key.kid).sort()).toEqual([oldKid, newKid].sort());
      expect(published.map((key) => key.x).sort()).toEqual([oldKey.x, newKey.x].sort());
      expect(published.every((key) => key.d === undefined)).toBe(true);

      // Without the previous key, the old token is refused: the list above is what keeps it.
      const forgetful = await servicesFor({ JWT_PRIVATE_KEY: JSON.stringify(newKey) });
      await expect(forgetful.verifyAccessToken(oldToken)).rejects.toThrow();

      // And it still expires when it would have.
      clock = start + 901_000;
      await expect(after.verifyAccessToken(oldToken)).rejects.toThrow(/exp/);
      clock = start;
    },
  );

  it("moves from the generated key to a configured one without dropping its tokens", async () => {
    const generated = await loadAppSecrets(database.db, { DATA_DIR: folder });
    const before = await createTokenService({ keys: generated.keys, accessTokenTtlSeconds: 900 });
    const { token } = await before.signAccessToken(claims);
    // The generated key's public half, as the JWKS endpoint publishes it.
    const after = await servicesFor({
      JWT_PRIVATE_KEY: JSON.stringify(bareKey()),
      JWT_PREVIOUS_PUBLIC_KEYS: JSON.stringify(before.jwks().keys),
    });
    expect(await after.verifyAccessToken(token)).toMatchObject({ sub: claims.sub });
  });

  it("refuses previous keys that are not Ed25519 keys, or a kid that names two keys", async () => {
    const current = JSON.stringify(bareKey());
    for (const bad of [
      "{",
      '{"kty":"OKP"}',
      '[{"kty":"RSA","n":"x","e":"AQAB"}]',
      '[{"kty":"OKP","crv":"Ed25519"}]',
    ]) {
      await expect(servicesFor({ JWT_PRIVATE_KEY: current, JWT_PREVIOUS_PUBLIC_KEYS: bad })).rejects.toThrow(
        /JWT_PREVIOUS_PUBLIC_KEYS/,
      );
    }
    const clash = [
      { ...publicHalf(bareKey()), kid: "one" },
      { ...publicHalf(bareKey()), kid: "one" },
    ];
    await expect(
      servicesFor({ JWT_PRIVATE_KEY: current, JWT_PREVIOUS_PUBLIC_KEYS: JSON.stringify(clash) }),
    ).rejects.toThrow(/names two different keys/);
    // The current key listed again is harmless.
    const key = bareKey();
    const again = await keyMaterialFrom(key, [{ ...publicHalf(key), kid: "whatever" }]);
    expect(again.previousPublicJwks).toEqual([]);
  });
});

describe("download-URL secret rotation with STORAGE_SIGNING_SECRET_PREVIOUS", () => {
  const oldSecret = "old-storage-signing-secret-with-32-characters";
  const newSecret = "new-storage-signing-secret-with-32-characters";

  async function serverFor(env: {
    STORAGE_SIGNING_SECRET: string;
    STORAGE_SIGNING_SECRET_PREVIOUS?: string;
  }) {
    const secrets = await loadAppSecrets(database.db, { DATA_DIR: folder, ...env });
    const storage = createFsStorage({ root: folder, signingSecret: secrets.storageSigningSecret });
    const app = new Hono().route(
      "/api/files",
      createFilesRoutes({
        storage,
        signingSecret: secrets.storageSigningSecret,
        previousSigningSecrets: secrets.storagePreviousSigningSecrets,
      }),
    );
    return { storage, app };
  }

  it("serves links signed with the previous secret, and signs new ones with the new secret", async () => {
    const before = await serverFor({ STORAGE_SIGNING_SECRET: oldSecret });
    const key = randomUUID();
    const data = randomBytes(5_000);
    await before.storage.put(key, data, { contentType: "image/png" });
    const oldLink = await before.storage.signedUrl(key, { expiresInSeconds: 300 });

    const after = await serverFor({
      STORAGE_SIGNING_SECRET: newSecret,
      STORAGE_SIGNING_SECRET_PREVIOUS: oldSecret,
    });
    const served = await after.app.request(oldLink);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);

    const newLink = await after.storage.signedUrl(key, { expiresInSeconds: 300 });
    expect(newLink).not.toBe(oldLink);
    expect((await after.app.request(newLink)).status).toBe(200);
    // The old server does not know the new secret: the new link is signed with it alone.
    expect((await before.app.request(newLink)).status).toBe(403);

    // Without the previous secret the old link is refused.
    const forgetful = await serverFor({ STORAGE_SIGNING_SECRET: newSecret });
    expect((await forgetful.app.request(oldLink)).status).toBe(403);
    // Nor does a previous secret make just any signature pass.
    const stranger = await serverFor({
      STORAGE_SIGNING_SECRET: "another-secret-with-at-least-32-characters",
    });
    const strangeLink = await stranger.storage.signedUrl(key, { expiresInSeconds: 300 });
    expect((await after.app.request(strangeLink)).status).toBe(403);
  });
});
