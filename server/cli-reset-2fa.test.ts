import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "./db";
import { auditLog, authSessions, mailOutbox, users, userTotp } from "./db/schema";
import { createUser, enrolAuthenticator } from "./testing/auth-api";

// The last super admin lost their phone and nobody else can reset it: the operator turns the
// second factor off from the command line, on the real embedded database.

const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cli-reset-2fa-"));
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

describe("npm run cli -- reset-2fa", () => {
  it("turns the account's second factor off, ends its sessions, audits it and mails the owner", async () => {
    const email = await withDatabase(async (db) => {
      const owner = await createUser(db, { role: "super_admin", email: "last.super@example.com" });
      await enrolAuthenticator(db, owner);
      await db.insert(authSessions).values({ userId: owner.id, expiresAt: new Date(Date.now() + 3_600_000) });
      return owner.email;
    });

    const result = cli("reset-2fa", email, "Phone", "lost");
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("is off");

    await withDatabase(async (db) => {
      const [owner] = await db.select().from(users).where(eq(users.email, email));
      expect(owner?.totpEnabledAt).toBeNull();
      expect(
        await db
          .select()
          .from(userTotp)
          .where(eq(userTotp.userId, owner?.id ?? "")),
      ).toHaveLength(0);
      const live = await db
        .select()
        .from(authSessions)
        .where(and(eq(authSessions.userId, owner?.id ?? ""), isNull(authSessions.revokedAt)));
      expect(live).toHaveLength(0);
      const [audit] = await db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.subjectUserId, owner?.id ?? ""), eq(auditLog.action, "admin.two_factor_reset")),
        );
      expect(audit?.details).toMatchObject({ reason: "Phone lost", sessionsEnded: 1 });
      const [mail] = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, "two_factor_reset_by_admin")));
      expect(mail?.text).toContain("Reason given: Phone lost");
    });
  }, 90_000);

  it("says so for an unknown email or an account without a second factor, and changes nothing", async () => {
    const unknown = cli("reset-2fa", "nobody@example.com");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("No account has the email nobody@example.com.");
    const again = cli("reset-2fa", "last.super@example.com");
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("not on");
    expect(cli("reset-2fa").status).toBe(2);
  }, 90_000);
});
