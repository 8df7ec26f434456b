import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "./db";
import { findUserByEmail } from "./db/queries/users";
import { auditLog } from "./db/schema";
import { verifyPassword } from "./domain/auth/passwords";
import { createUser } from "./testing/auth-api";

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
      const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "admin.created"));
      expect(audit).toMatchObject({
        actorUserId: null,
        subjectUserId: user?.id,
        details: { via: "cli", role: "admin" },
      });
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
    expect(usage.stderr).toContain("Usage: npm run cli -- <command>");
    expect(usage.stderr).toContain("create-admin <email> [admin|super_admin]");
  }, 60_000);
});

describe("npm run cli -- help", () => {
  it("lists every command with what it does, on stdout, status 0", () => {
    const result = cli("help");
    expect(result.status).toBe(0);
    for (const command of [
      "create-admin <email> [admin|super_admin]",
      "list-admins",
      "reset-password <email>",
      "reset-2fa <email> [reason]",
      "test-mail <address>",
      "prune [--dry-run]",
      "backup <dir> [--encrypt]",
      "restore <dir> [--force]",
    ]) {
      expect(result.stdout).toMatch(new RegExp(`^ {2}${command.replace(/[[\]|-]/g, "\\$&")} +\\S`, "m"));
    }
    expect(cli("--help").stdout).toBe(result.stdout);
  }, 60_000);
});

describe("npm run cli -- list-admins", () => {
  it("prints admins and super admins, one per line in aligned columns, and audits it", async () => {
    const database = await openPglite({ dataDir: path.join(dataDir, "pglite") });
    try {
      await database.migrate();
      await createUser(database.db, { role: "super_admin", email: "root@example.com" });
      await createUser(database.db, {
        role: "admin",
        email: "away@example.com",
        status: "suspended",
        totp: false,
      });
      await createUser(database.db, { role: "user", email: "member@example.com" });
    } finally {
      await database.close();
    }

    const result = cli("list-admins");
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    const table = lines.slice(0, lines.indexOf(""));
    expect(table[0]).toMatch(/^EMAIL +ROLE +TWO-FACTOR +STATUS$/);
    // Super admins first, then by email; the member is not listed.
    expect(table.slice(1).map((line) => line.split(/ +/))).toEqual([
      ["root@example.com", "super_admin", "on", "active"],
      ["away@example.com", "admin", "off", "suspended"],
      ["Second.Admin@Example.com", "admin", "off", "active"],
    ]);
    for (const column of ["ROLE", "TWO-FACTOR", "STATUS"]) {
      const at = table[0]?.indexOf(column);
      for (const line of table) expect(line[(at ?? 0) - 1], line).toBe(" ");
      for (const line of table) expect(line[at ?? 0], line).not.toBe(" ");
    }
    expect(lines.at(-1)).toBe("Admins: 3 (super admins: 1).");

    const check = await openPglite({ dataDir: path.join(dataDir, "pglite") });
    try {
      const [audit] = await check.db.select().from(auditLog).where(eq(auditLog.action, "cli.admins_listed"));
      expect(audit).toMatchObject({ actorUserId: null, details: { via: "cli", count: 3 } });
    } finally {
      await check.close();
    }
  }, 90_000);
});
