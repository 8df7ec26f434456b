import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { createFsStorage } from "../infra/storage/fs-storage";
import { createS3Storage } from "../infra/storage/s3-storage";
import type { ObjectStorage } from "../infra/storage/types";
import { createTestApp, type TestApp } from "../testing/test-app";

const opened: TestApp[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close().catch(() => undefined)));
});

async function testApp(): Promise<TestApp> {
  const t = await createTestApp();
  opened.push(t);
  return t;
}

/** The same API with another object storage. */
function withStorage(t: TestApp, storage: ObjectStorage) {
  return createApp({ ...t.deps, storage });
}

describe("GET /api/health/live", () => {
  it("answers 200 without asking the database, even when it is gone", async () => {
    const t = await testApp();
    await t.deps.database.close();
    const response = await t.app.request("/api/health/live");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", uptimeSeconds: expect.any(Number) });
  });
});

describe("GET /api/health/ready", () => {
  it("is ready with the database migrated and the storage answering", async () => {
    const t = await testApp();
    const response = await t.app.request("/api/health/ready");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", storage: "ok" },
    });
    expect(t.deps.logs.recent().some((entry) => entry.message.includes("/api/health"))).toBe(false);
  });

  it("is not ready (503) when the database is gone, and says so without a stack", async () => {
    const t = await testApp();
    await t.deps.database.close();
    const response = await t.app.request("/api/health/ready");
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      status: "not_ready",
      checks: { database: "unavailable", migrations: "unavailable", storage: "ok" },
    });
    expect(text).not.toMatch(/Error|at .*\.ts/);
  });

  it("is not ready while the database lacks a migration this build ships", async () => {
    const t = await testApp();
    // As an instance of a newer release sees the database before the migrating instance is done.
    await t.deps.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const response = await t.app.request("/api/health/ready");
    expect(response.status).toBe(503);
    expect((await response.json()).checks).toEqual({ database: "ok", migrations: "pending", storage: "ok" });
  });

  it("is not ready when the file storage cannot be read", async () => {
    const t = await testApp();
    const notAFolder = path.join(t.dataDir, "not-a-folder");
    fs.writeFileSync(notAFolder, "x");
    const app = withStorage(t, createFsStorage({ root: notAFolder, signingSecret: "s".repeat(32) }));
    const response = await app.request("/api/health/ready");
    expect(response.status).toBe(503);
    expect((await response.json()).checks).toEqual({
      database: "ok",
      migrations: "ok",
      storage: "unavailable",
    });
    expect(t.deps.logs.recent().some((entry) => entry.message.startsWith("readiness: storage failed"))).toBe(
      true,
    );
  });

  it("is not ready when the S3 endpoint does not answer", async () => {
    const t = await testApp();
    const app = withStorage(
      t,
      createS3Storage({
        bucket: "contracts",
        region: "us-east-1",
        // Port 9 (discard): nothing listens on loopback, so the connection is refused.
        endpoint: "http://127.0.0.1:9",
        accessKeyId: "x",
        secretAccessKey: "y",
        forcePathStyle: true,
      }),
    );
    const started = performance.now();
    const response = await app.request("/api/health/ready");
    expect(response.status).toBe(503);
    expect((await response.json()).checks.storage).toBe("unavailable");
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("is documented in the OpenAPI document", async () => {
    const t = await testApp();
    const document = await (await t.app.request("/api/openapi.json")).json();
    expect(Object.keys(document.paths["/api/health/ready"].get.responses)).toEqual(["200", "503"]);
    expect(document.paths["/api/health/live"].get).toBeTruthy();
  });
});
