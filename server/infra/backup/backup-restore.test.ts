import { spawn } from "node:child_process";
import crypto from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../../db";
import { personalProfiles, users } from "../../db/schema";
import { DEFAULT_TEMPLATE_IDS } from "../../domain/contracts/seed-default-templates";
import { type ApiProcess, startApiProcess } from "../../testing/api-process";
import { createMember } from "../../testing/referral-api";
import { createEmptyPostgresDatabase } from "../../testing/test-database";
import { testDatabaseUrl } from "../../testing/test-env";
import { readBackupAccess } from "./backup-access";
import type { BackupManifest } from "./manifest";

// The operator's way from the embedded default to PostgreSQL: a backup taken from a running API
// on PGlite, restored into PostgreSQL and into an empty DATA_DIR; the member signs in with the
// same password and downloads the same contract.

const root = path.resolve(import.meta.dirname, "../../..");
const folders: string[] = [];
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});
function tempDir(label: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `backup-test-${label}-`));
  folders.push(folder);
  return folder;
}

/**
 * Runs the CLI as a child process without blocking this process: a synchronous spawn would freeze
 * the event loop while the API closes the test's idle kept-alive connection, and the next request
 * would then be sent on a socket the server had already closed.
 */
function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/cli.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "silent", ...env },
    timeout: 120_000,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");
const PERSONAL_DE = DEFAULT_TEMPLATE_IDS[0] as string;

async function request(api: ApiProcess, route: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init;
  return fetch(`http://127.0.0.1:${api.port}${route}`, {
    ...rest,
    headers: {
      ...(rest.headers as Record<string, string>),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

async function login(api: ApiProcess, email: string, password: string): Promise<string> {
  const response = await request(api, "/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** The member's contract as the API serves it: its listing, then the signed download. */
async function downloadContract(api: ApiProcess, token: string): Promise<Buffer> {
  const listing = await request(api, "/api/contracts/mine", { token });
  expect(listing.status).toBe(200);
  const { contracts } = (await listing.json()) as { contracts: Array<{ signedUrl: string }> };
  expect(contracts).toHaveLength(1);
  const file = await request(api, (contracts[0] as { signedUrl: string }).signedUrl);
  expect(file.status).toBe(200);
  return Buffer.from(await file.arrayBuffer());
}

const member = { email: "", password: "" };
let contractSha = "";
let backupDir = "";
let encryptedDir = "";
let manifest: BackupManifest;
const PASSPHRASE = "a backup passphrase of some length";
const INITIAL_ADMIN_PASSWORD = crypto.randomBytes(12).toString("base64url");

beforeAll(async () => {
  // A member who has done everything before the contract, written before the API starts (the
  // API then holds the folder).
  const dataDir = tempDir("source");
  const seeding = await openPglite({ dataDir: path.join(dataDir, "pglite") });
  await seeding.migrate();
  const created = await createMember(seeding.db, {
    status: "pending",
    firstName: "Erika",
    lastName: "Muster",
  });
  const now = new Date();
  await seeding.db
    .update(users)
    .set({ language: "de", emailVerifiedAt: now, documentsUploadedAt: now, profileCompletedAt: now })
    .where(eq(users.id, created.id));
  await seeding.db.insert(personalProfiles).values({
    userId: created.id,
    address: "Musterstraße 1",
    zipCode: "10115",
    city: "Berlin",
    country: "DE",
  });
  await seeding.close();
  Object.assign(member, { email: created.email, password: created.password });

  const api = await startApiProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD: "Admin-Passw0rd!" });
  cleanups.push(() => api.stop());
  const token = await login(api, member.email, member.password);
  // The member uploads the signed contract (a PDF the API renders, as a printed and signed scan).
  const pdf = Buffer.from(
    await (
      await request(api, `/api/document-templates/${PERSONAL_DE}/generate-pdf`, { token })
    ).arrayBuffer(),
  );
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  const boundary = "----backup-test-boundary";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="templateId"\r\n\r\n${PERSONAL_DE}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="contract"; filename="signed.pdf"\r\n` +
        "Content-Type: application/pdf\r\n\r\n",
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = await request(api, "/api/upload/contract/personal", {
    method: "POST",
    token,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
  });
  expect(upload.status, await upload.clone().text()).toBe(201);
  contractSha = sha256(await downloadContract(api, token));
  expect(contractSha).toBe(sha256(pdf));

  // The internal route answers nobody without the token from the secrets folder.
  const access = readBackupAccess(dataDir);
  expect(access?.url).toBe(`http://127.0.0.1:${api.port}`);
  expect(fs.statSync(path.join(dataDir, "secrets", "api-backup.json")).mode & 0o777).toBe(0o600);
  for (const authorization of [undefined, "Bearer wrong-token", `Bearer ${access?.token}x`]) {
    const refused = await request(api, "/internal/backup", {
      method: "POST",
      headers: authorization ? { authorization } : {},
    });
    expect(refused.status).toBe(401);
  }

  // The first admin's sign-in details as a first start writes them (this one found a user already).
  fs.writeFileSync(
    path.join(dataDir, "secrets", "initial-admin.txt"),
    `Password: ${INITIAL_ADMIN_PASSWORD}\n`,
  );

  // The backup, while the API runs and holds the database; then an encrypted one.
  backupDir = path.join(tempDir("backup"), "backup");
  const backup = await cli(["backup", backupDir], { DATA_DIR: dataDir });
  expect(backup.status, backup.stderr).toBe(0);
  expect(backup.stdout).toContain("through the running API");
  expect(backup.stderr).toContain("Not encrypted");
  manifest = JSON.parse(fs.readFileSync(path.join(backupDir, "manifest.json"), "utf8")) as BackupManifest;
  encryptedDir = path.join(tempDir("encrypted"), "backup");
  const encrypted = await cli(["backup", encryptedDir], { DATA_DIR: dataDir, BACKUP_PASSPHRASE: PASSPHRASE });
  expect(encrypted.status, encrypted.stderr).toBe(0);
  expect(encrypted.stdout).toContain("encrypted");
  // Still serving.
  expect((await request(api, "/api/health")).status).toBe(200);
}, 180_000);

describe("npm run cli -- backup on a running API with the embedded database", () => {
  it("writes the dump, the stored files and a manifest with counts and checksums", () => {
    expect(manifest).toMatchObject({
      format: "partner-platform-backup",
      database: { kind: "pglite", via: "api", serverVersion: expect.stringMatching(/^18\./) },
      counts: { objects: 1 },
    });
    // The member (the first start creates no admin: the database already had a user).
    expect(manifest.counts.rows["public.users"]).toBe(1);
    expect(manifest.counts.rows["public.contract_signatures"]).toBe(1);
    const dump = fs.readFileSync(path.join(backupDir, "database.sql"), "utf8");
    expect(dump).toContain(member.email);
    // Portable to older servers and other owners.
    expect(dump).not.toMatch(/^SET transaction_timeout/m);
    expect(dump).not.toMatch(/^\\restrict/m);
    const objectFiles = Object.keys(manifest.files).filter((name) => name.startsWith("objects/"));
    expect(objectFiles).toHaveLength(2);
    expect(Object.values(manifest.files).map((file) => file.sha256)).toContain(contractSha);
    expect(fs.statSync(backupDir).mode & 0o777).toBe(0o700);
    // The per-process backup token is not part of a backup.
    expect(Object.keys(manifest.files).some((name) => name.includes("api-backup"))).toBe(false);
  });

  it("leaves the secrets folder out: the first admin's sign-in details are never in a backup", () => {
    expect(Object.keys(manifest.files).filter((name) => name.startsWith("secrets/"))).toEqual([]);
    expect(fs.existsSync(path.join(backupDir, "secrets"))).toBe(false);
    const everything = fs
      .readdirSync(backupDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8"));
    expect(everything.some((text) => text.includes(INITIAL_ADMIN_PASSWORD))).toBe(false);
  });

  it("refuses a folder that is not empty", async () => {
    const again = await cli(["backup", backupDir], { DATA_DIR: tempDir("unused") });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("is not empty");
  });
});

async function expectSameMemberAndContract(env: Record<string, string>) {
  const api = await startApiProcess(env);
  try {
    const token = await login(api, member.email, member.password);
    expect(sha256(await downloadContract(api, token))).toBe(contractSha);
  } finally {
    await api.stop();
  }
}

describe("npm run cli -- restore", () => {
  it("into an empty DATA_DIR: the member signs in and downloads the same contract", async () => {
    const dataDir = tempDir("restored-pglite");
    const restored = await cli(["restore", backupDir], { DATA_DIR: dataDir });
    expect(restored.status, restored.stderr).toBe(0);
    await expectSameMemberAndContract({ DATA_DIR: dataDir });

    // Not over a database that exists.
    const again = await cli(["restore", backupDir], { DATA_DIR: dataDir });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("already holds a database");
  }, 120_000);

  it("refuses a damaged backup before writing anything", async () => {
    const damaged = path.join(tempDir("damaged"), "backup");
    fs.cpSync(backupDir, damaged, { recursive: true });
    const object = Object.keys(manifest.files).find(
      (name) => name.startsWith("objects/") && !name.endsWith(".json"),
    );
    fs.appendFileSync(path.join(damaged, object as string), "x");
    const dataDir = tempDir("not-restored");
    const restored = await cli(["restore", damaged], { DATA_DIR: dataDir });
    expect(restored.status).toBe(1);
    expect(restored.stderr).toContain("does not match its checksum");
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("refuses a file its manifest does not list before writing anything", async () => {
    const extended = path.join(tempDir("extended"), "backup");
    fs.cpSync(backupDir, extended, { recursive: true });
    const object = Object.keys(manifest.files).find(
      (name) => name.startsWith("objects/") && !name.endsWith(".json"),
    ) as string;
    // A second object beside the real one, with a sidecar, as a restore would store it.
    const planted = path.join(extended, path.dirname(object), "00000000-0000-4000-8000-000000000000");
    fs.writeFileSync(planted, "planted");
    fs.writeFileSync(`${planted}.json`, JSON.stringify({ contentType: "application/pdf", size: 7 }));
    const dataDir = tempDir("not-extended");
    const restored = await cli(["restore", extended], { DATA_DIR: dataDir });
    expect(restored.status).toBe(1);
    expect(restored.stderr).toContain("holds files its manifest does not list");
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("moves the stored files into an S3 bucket and backs them up from there", async () => {
    const s3rver = spawn(
      process.execPath,
      [path.join(root, "server/testing/s3rver-process.mjs"), "backup-bucket"],
      {
        stdio: "pipe",
      },
    );
    cleanups.push(async () => {
      if (s3rver.exitCode === null) {
        s3rver.kill("SIGTERM");
        await once(s3rver, "exit");
      }
    });
    const [line] = (await once(createInterface({ input: s3rver.stdout }), "line")) as [string];
    const s3 = {
      S3_BUCKET: "backup-bucket",
      S3_ENDPOINT: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    };
    const dataDir = tempDir("restored-s3");
    const restored = await cli(["restore", backupDir], { DATA_DIR: dataDir, ...s3 });
    expect(restored.status, restored.stderr).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "objects"))).toBe(false);

    // No API runs on it: the CLI opens the embedded database itself; the files come from S3.
    const again = path.join(tempDir("s3-backup"), "backup");
    const backup = await cli(["backup", again], { DATA_DIR: dataDir, ...s3 });
    expect(backup.status, backup.stderr).toBe(0);
    const second = JSON.parse(fs.readFileSync(path.join(again, "manifest.json"), "utf8")) as BackupManifest;
    expect(second.database.via).toBe("direct");
    expect(second.counts.objects).toBe(1);
    expect(Object.values(second.files).map((file) => file.sha256)).toContain(contractSha);
    expect(second.counts.rows).toEqual(manifest.counts.rows);
  }, 120_000);

  if (!testDatabaseUrl) {
    it.skip("into PostgreSQL needs a server (DATABASE_URL): CI runs this file with it", () => {});
  }

  it.runIf(testDatabaseUrl)(
    "into an empty PostgreSQL database: the member signs in and downloads the same contract",
    async () => {
      const database = await createEmptyPostgresDatabase();
      cleanups.push(() => database.drop());
      const dataDir = tempDir("restored-postgres");
      const restored = await cli(["restore", backupDir], { DATA_DIR: dataDir, DATABASE_URL: database.url });
      expect(restored.status, restored.stderr).toBe(0);
      await expectSameMemberAndContract({ DATA_DIR: dataDir, DATABASE_URL: database.url });

      // A database that is not empty is refused unless --force.
      const again = await cli(["restore", backupDir], {
        DATA_DIR: tempDir("again"),
        DATABASE_URL: database.url,
      });
      expect(again.status).toBe(1);
      expect(again.stderr).toContain("is not empty");
      const forced = await cli(["restore", backupDir, "--force"], {
        DATA_DIR: tempDir("forced"),
        DATABASE_URL: database.url,
      });
      expect(forced.status, forced.stderr).toBe(0);

      // And back: pg_dump of the PostgreSQL database restores into the embedded one.
      const pgBackup = path.join(tempDir("pg-backup"), "backup");
      const backup = await cli(["backup", pgBackup], { DATA_DIR: dataDir, DATABASE_URL: database.url });
      expect(backup.status, backup.stderr).toBe(0);
      const embedded = tempDir("back-to-pglite");
      const back = await cli(["restore", pgBackup], { DATA_DIR: embedded });
      expect(back.status, back.stderr).toBe(0);
      await expectSameMemberAndContract({ DATA_DIR: embedded });
    },
    240_000,
  );
});

/** The generated secrets as the plain dump holds them: each value, and the signing key's private part. */
function secretsInDump(): string[] {
  const dump = fs.readFileSync(path.join(backupDir, "database.sql"), "utf8");
  const rows = dump.split("\n").filter((line) => line.startsWith("INSERT INTO public.app_secrets"));
  const values = rows.map(
    (line) => [...line.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1] ?? "")[1] ?? "",
  );
  const privateKey = values.map((value) => /"d":"([^"]+)"/.exec(value)?.[1]).filter(Boolean) as string[];
  return [...values, ...privateKey];
}

/** A copy of the encrypted backup with one byte of its ciphertext flipped. */
function flippedCopy(): string {
  const copy = path.join(tempDir("flipped"), "backup");
  fs.cpSync(encryptedDir, copy, { recursive: true });
  const file = path.join(copy, "backup.enc");
  const bytes = fs.readFileSync(file);
  const headerLength = bytes.indexOf(0x0a) + 1;
  const position = headerLength + Math.floor((bytes.length - headerLength) / 2);
  bytes[position] = (bytes[position] ?? 0) ^ 0x40;
  fs.writeFileSync(file, bytes);
  return copy;
}

describe("an encrypted backup (BACKUP_PASSPHRASE)", () => {
  it("is one file holding no secret and nothing of the members in plain text", () => {
    expect(fs.readdirSync(encryptedDir)).toEqual(["backup.enc"]);
    const bytes = fs.readFileSync(path.join(encryptedDir, "backup.enc"));
    const secrets = secretsInDump();
    // The signing key (and its private part), the storage signing secret and AUTH_SECRET.
    expect(secrets).toHaveLength(4);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(32);
      expect(bytes.includes(Buffer.from(secret))).toBe(false);
    }
    expect(bytes.includes(Buffer.from(member.email))).toBe(false);
    expect(bytes.includes(Buffer.from("INSERT INTO"))).toBe(false);
  });

  it("restores with the passphrase: the member signs in and downloads the same contract", async () => {
    const dataDir = tempDir("restored-encrypted");
    const restored = await cli(["restore", encryptedDir], {
      DATA_DIR: dataDir,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain("Restored the encrypted backup");
    await expectSameMemberAndContract({ DATA_DIR: dataDir });
  }, 120_000);

  it("refuses a wrong passphrase, none, or a flipped byte before writing anything", async () => {
    const dataDir = tempDir("not-decrypted");
    const wrong = await cli(["restore", encryptedDir], {
      DATA_DIR: dataDir,
      BACKUP_PASSPHRASE: "not the backup's passphrase",
    });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain("Wrong passphrase");
    const none = await cli(["restore", encryptedDir], { DATA_DIR: dataDir });
    expect(none.status).toBe(1);
    expect(none.stderr).toContain("The backup is encrypted: set BACKUP_PASSPHRASE");
    const flipped = await cli(["restore", flippedCopy()], {
      DATA_DIR: dataDir,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(flipped.status).toBe(1);
    expect(flipped.stderr).toContain("damaged or was altered");
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 120_000);

  it.runIf(testDatabaseUrl)(
    "leaves a PostgreSQL database as it was when the passphrase is wrong or a byte flipped, even with --force",
    async () => {
      const database = await createEmptyPostgresDatabase();
      cleanups.push(() => database.drop());
      const env = { DATA_DIR: tempDir("pg-encrypted"), DATABASE_URL: database.url };
      const restored = await cli(["restore", backupDir], env);
      expect(restored.status, restored.stderr).toBe(0);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      cleanups.push(() => client.end());
      const countRows = async () =>
        (
          await client.query<{ count: number }>("select count(*)::int as count from users where email = $1", [
            "added.after.backup@example.com",
          ])
        ).rows[0]?.count;
      await client.query("insert into users (email) values ($1)", ["added.after.backup@example.com"]);
      expect(await countRows()).toBe(1);

      const wrong = await cli(["restore", encryptedDir, "--force"], {
        ...env,
        BACKUP_PASSPHRASE: "not the backup's passphrase",
      });
      expect(wrong.stderr).toContain("Wrong passphrase");
      const flipped = await cli(["restore", flippedCopy(), "--force"], {
        ...env,
        BACKUP_PASSPHRASE: PASSPHRASE,
      });
      expect(flipped.stderr).toContain("damaged or was altered");
      expect([wrong.status, flipped.status]).toEqual([1, 1]);
      expect(await countRows()).toBe(1);

      // The right passphrase with --force does replace the contents: the refusals above kept them.
      const replaced = await cli(["restore", encryptedDir, "--force"], {
        ...env,
        BACKUP_PASSPHRASE: PASSPHRASE,
      });
      expect(replaced.status, replaced.stderr).toBe(0);
      expect(await countRows()).toBe(0);
    },
    240_000,
  );
});
