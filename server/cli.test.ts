import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "./db";
import { findUserByEmail } from "./db/queries/users";
import { verifyPassword } from "./domain/auth/passwords";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cli-test-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function cli(...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", "server/cli.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir },
    encoding: "utf8",
  });
}

describe("npm run cli -- create-admin", () => {
  it("adds an admin with a generated password that logs in, shown once", async () => {
    const result = cli("create-admin", "Second.Admin@Example.com");
    expect(result.status).toBe(0);
    const password = /Password \(shown once\): (\S+)/.exec(result.stdout)?.[1] ?? "";
    expect(password.length).toBeGreaterThanOrEqual(16);

    const database = await openPglite({ dataDir: path.join(dataDir, "pglite") });
    try {
      const user = await findUserByEmail(database.db, "second.admin@example.com");
      expect(user?.role).toBe("admin");
      expect(user?.status).toBe("active");
      expect(await verifyPassword(user?.passwordHash, password)).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);

  it("refuses an email that exists already, in any case, and a wrong usage", () => {
    const again = cli("create-admin", "second.admin@example.com");
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("already exists");
    const usage = cli("create-user", "x@example.com");
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run cli -- create-admin <email>");
  }, 60_000);
});
