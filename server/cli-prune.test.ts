import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "./db";
import { authSessions } from "./db/schema";
import { createUser } from "./testing/auth-api";

// The operator runs the retention job by hand, first dry to see what would go, on the real
// embedded database.

const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cli-prune-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function cli(...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", "server/cli.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir },
    encoding: "utf8",
  });
}

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openPglite>>["db"]) => Promise<T>) {
  const database = await openPglite({ dataDir: path.join(dataDir, "pglite") });
  try {
    await database.migrate();
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe("npm run cli -- prune", () => {
  it("--dry-run prints the counts and deletes nothing; without it the same rows go", async () => {
    const userId = await withDatabase(async (db) => {
      const member = await createUser(db);
      await db.insert(authSessions).values([
        {
          userId: member.id,
          expiresAt: new Date(Date.now() + DAY_MS),
          revokedAt: new Date(Date.now() - 40 * DAY_MS),
        },
        { userId: member.id, expiresAt: new Date(Date.now() - 31 * DAY_MS) },
        { userId: member.id, expiresAt: new Date(Date.now() + DAY_MS) },
      ]);
      return member.id;
    });
    const sessionsLeft = () =>
      withDatabase(
        async (db) => (await db.select().from(authSessions).where(eq(authSessions.userId, userId))).length,
      );

    const dry = cli("prune", "--dry-run");
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain("Would go (dry run, nothing deleted):");
    expect(dry.stdout).toContain("sessions ended long ago: 2");
    expect(dry.stdout).toContain("replaced ID images: 0");
    expect(await sessionsLeft()).toBe(3);

    const real = cli("prune");
    expect(real.status, real.stderr).toBe(0);
    expect(real.stdout).toMatch(/Pruned in \d+ ms:/);
    expect(real.stdout).toContain("sessions ended long ago: 2");
    expect(await sessionsLeft()).toBe(1);
  }, 120_000);

  it("refuses an unknown option", () => {
    const result = cli("prune", "--force");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("prune [--dry-run]");
  }, 60_000);
});
