import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "../db";
import { appSecrets } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../testing/test-database";
import { testDatabaseUrl } from "../testing/test-env";
import { loadAppSecrets, type SecretsEnv } from "./app-secrets";
import { isValidGeneratedSecret } from "./secrets";
import { generateKeyMaterial, parsePrivateJwk } from "./tokens";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function dataDirWith(files: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "secrets-test-"));
  folders.push(dataDir);
  fs.mkdirSync(path.join(dataDir, "secrets"), { recursive: true });
  for (const [name, text] of Object.entries(files))
    fs.writeFileSync(path.join(dataDir, "secrets", name), text);
  return dataDir;
}

const envFor = (dataDir: string, more: Partial<SecretsEnv> = {}): SecretsEnv => ({
  DATA_DIR: dataDir,
  ...more,
});

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
// Each test starts from a database without secrets.
afterEach(async () => {
  await database.db.delete(appSecrets);
});

async function storedRows(db = database.db) {
  const rows = await db.select().from(appSecrets);
  return Object.fromEntries(rows.map((row) => [row.name, row.value]));
}

describe("generated secrets live in the database", () => {
  it("creates each secret once and gives every later start the same ones", async () => {
    const first = await loadAppSecrets(database.db, envFor(dataDirWith()));
    const again = await loadAppSecrets(database.db, envFor(dataDirWith()));
    expect(again).toEqual(first);
    expect(isValidGeneratedSecret(first.storageSigningSecret)).toBe(true);
    expect(isValidGeneratedSecret(first.authSecret)).toBe(true);
    expect(first.storageSigningSecret).not.toBe(first.authSecret);
    const rows = await storedRows();
    expect(Object.keys(rows).sort()).toEqual(["auth", "jwt-signing-key", "storage-signing"]);
    expect(rows.auth).toBe(first.authSecret);
    expect(parsePrivateJwk(rows["jwt-signing-key"] ?? "")?.d).toBe(first.keys.privateJwk.d);
  });

  it("writes nothing into DATA_DIR", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "secrets-test-"));
    folders.push(dataDir);
    await loadAppSecrets(database.db, envFor(dataDir));
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("survives a restart of the embedded database in DATA_DIR", async () => {
    const dataDir = dataDirWith();
    const open = () => openPglite({ dataDir: path.join(dataDir, "pglite") });
    let pglite: DatabaseHandle = await open();
    await pglite.migrate();
    const first = await loadAppSecrets(pglite.db, envFor(dataDir));
    await pglite.close();
    pglite = await open();
    try {
      expect(await loadAppSecrets(pglite.db, envFor(dataDir))).toEqual(first);
    } finally {
      await pglite.close();
    }
  }, 60_000);

  it("takes configuration over the database and stores nothing for a configured secret", async () => {
    const key = generateKeyMaterial().privateJwk;
    const configured = {
      JWT_PRIVATE_KEY: JSON.stringify(key),
      STORAGE_SIGNING_SECRET: "configured-storage-secret-with-32-characters-or-more",
      AUTH_SECRET: "configured-auth-secret-with-32-characters-or-more",
    };
    const secrets = await loadAppSecrets(database.db, envFor(dataDirWith(), configured));
    expect(secrets.keys.privateJwk.d).toBe(key.d);
    expect(secrets.storageSigningSecret).toBe(configured.STORAGE_SIGNING_SECRET);
    expect(secrets.authSecret).toBe(configured.AUTH_SECRET);
    expect(await storedRows()).toEqual({});

    // Configuration wins over a secret the database already holds.
    const generated = await loadAppSecrets(database.db, envFor(dataDirWith()));
    const again = await loadAppSecrets(database.db, envFor(dataDirWith(), configured));
    expect(again.authSecret).toBe(configured.AUTH_SECRET);
    expect(again.authSecret).not.toBe(generated.authSecret);
  });

  it("takes over the secrets an earlier version generated into DATA_DIR/secrets", async () => {
    const key = generateKeyMaterial().privateJwk;
    const files = {
      auth: "A".repeat(43),
      "storage-signing": `${"b".repeat(43)}\n`,
      "jwt-ed25519.json": JSON.stringify(key),
    };
    const dataDir = dataDirWith(files);
    const secrets = await loadAppSecrets(database.db, envFor(dataDir));
    expect(secrets.authSecret).toBe(files.auth);
    expect(secrets.storageSigningSecret).toBe("b".repeat(43));
    expect(secrets.keys.privateJwk.kid).toBe(key.kid);
    expect(secrets.keys.privateJwk.d).toBe(key.d);
    // Stored for every instance from now on; the files stay as they were.
    expect(await storedRows()).toEqual({
      auth: files.auth,
      "storage-signing": "b".repeat(43),
      "jwt-signing-key": files["jwt-ed25519.json"],
    });
    for (const [name, text] of Object.entries(files)) {
      expect(fs.readFileSync(path.join(dataDir, "secrets", name), "utf8")).toBe(text);
    }
    // Once the database holds them, another instance's different files change nothing.
    const other = await loadAppSecrets(database.db, envFor(dataDirWith({ auth: "C".repeat(43) })));
    expect(other.authSecret).toBe(files.auth);
  });
});

describe("a broken generated secret is never used", () => {
  it.each([
    ["empty", ""],
    ["short", "abc123"],
    ["not base64url", `${"x".repeat(42)}!`],
  ])("replaces a stored secret that is %s", async (_what, value) => {
    await database.db.insert(appSecrets).values([
      { name: "auth", value },
      { name: "storage-signing", value },
    ]);
    const warnings: string[] = [];
    const secrets = await loadAppSecrets(database.db, envFor(dataDirWith()), (message) =>
      warnings.push(message),
    );
    expect(isValidGeneratedSecret(secrets.authSecret)).toBe(true);
    expect(isValidGeneratedSecret(secrets.storageSigningSecret)).toBe(true);
    const rows = await storedRows();
    expect(rows.auth).toBe(secrets.authSecret);
    expect(rows["storage-signing"]).toBe(secrets.storageSigningSecret);
    expect(warnings).toHaveLength(2);
  });

  it.each([
    ["empty", ""],
    ["cut off", '{"crv":"Ed25519","d":"uqS0lS8d5'],
    ["not a key", '{"kty":"OKP","crv":"Ed25519","d":"","x":""}'],
    [
      "a private half that does not match its public half",
      '{"kty":"OKP","crv":"Ed25519","d":"uqS0lS8d5-5RQfeS5KaNZczyVuFg7HwKY33_nv0EegM","x":"AAAAhYyxY64EcQvbEGlgMOEXU_nvInr0EatOQ8F7AAA"}',
    ],
  ])("replaces a corrupt stored signing key (%s)", async (_what, value) => {
    await database.db.insert(appSecrets).values({ name: "jwt-signing-key", value });
    const secrets = await loadAppSecrets(database.db, envFor(dataDirWith()));
    expect(parsePrivateJwk(JSON.stringify(secrets.keys.privateJwk))).toBeDefined();
    expect(parsePrivateJwk((await storedRows())["jwt-signing-key"] ?? "")?.d).toBe(secrets.keys.privateJwk.d);
  });

  it("does not take over an empty, short or corrupt secret file", async () => {
    const dataDir = dataDirWith({ auth: "", "storage-signing": "abc123\n", "jwt-ed25519.json": "{" });
    const warnings: string[] = [];
    const secrets = await loadAppSecrets(database.db, envFor(dataDir), (message) => warnings.push(message));
    expect(isValidGeneratedSecret(secrets.authSecret)).toBe(true);
    expect(secrets.storageSigningSecret).not.toBe("abc123");
    expect(isValidGeneratedSecret(secrets.storageSigningSecret)).toBe(true);
    expect(parsePrivateJwk(JSON.stringify(secrets.keys.privateJwk))).toBeDefined();
    expect(warnings).toHaveLength(3);
  });

  it("refuses a JWT_PRIVATE_KEY that is not a usable Ed25519 key", async () => {
    await expect(
      loadAppSecrets(
        database.db,
        envFor(dataDirWith(), { JWT_PRIVATE_KEY: '{"kty":"OKP","crv":"Ed25519","d":"x"}' }),
      ),
    ).rejects.toThrow(/JWT_PRIVATE_KEY/);
    expect(await storedRows()).toEqual({});
  });
});

const onPostgres = Boolean(testDatabaseUrl);

describe("instances starting together on one PostgreSQL database", () => {
  it.skipIf(!onPostgres)(
    "all get the same secrets, created once (needs PostgreSQL: PGlite serves one process)",
    async () => {
      if (!database.url) throw new Error("a PostgreSQL test database has a URL");
      const url = database.url;
      // Separate pools are separate server sessions, as separate processes would have.
      const instances = await Promise.all(Array.from({ length: 4 }, () => openPostgres(url, 2)));
      try {
        const results = await Promise.all(
          instances.map((instance) => loadAppSecrets(instance.db, envFor(dataDirWith()))),
        );
        for (const result of results) expect(result).toEqual(results[0]);
        const rows = await storedRows();
        expect(rows.auth).toBe(results[0]?.authSecret);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
    },
    30_000,
  );
});
