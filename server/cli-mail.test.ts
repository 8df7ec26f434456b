import { spawn } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "./db";
import { auditLog, mailOutbox, passwordResetTokens, users } from "./db/schema";
import { hashOpaqueToken } from "./infra/tokens";
import { createUser, resetTokenFrom } from "./testing/auth-api";
import { type ParsedMail, parseEml } from "./testing/eml";

// The operator's mail commands, run as `npm run cli` runs them, on a real embedded database:
// `test-mail` through files and through a real SMTP server (smtp-server in this process), and
// `reset-password`, which sends the "forgot password" link and mail at once.

const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cli-mail-"));

type Result = { status: number | null; stdout: string; stderr: string };

/** Runs the CLI without blocking this process: the SMTP server under test lives in it. */
function cli(env: Record<string, string>, ...args: string[]): Promise<Result> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/cli.ts", ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      SMTP_URL: "",
      MAIL_TRANSPORT: "",
      MAIL_FROM: "Partners <partners@example.com>",
      PUBLIC_URL: "https://partners.example.com",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.once("close", (status) => resolve({ status, stdout, stderr })));
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

let smtp: SMTPServer;
let smtpUrl: string;
const received: Array<{ envelopeFrom: string; recipients: string[]; mail: ParsedMail }> = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: nothing to encrypt, and no certificate to make.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
          mail: parseEml(Buffer.concat(chunks).toString("utf8")),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(0, "127.0.0.1", () => resolve());
  });
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const testMailAudits = () =>
  withDatabase((db) =>
    db.select().from(auditLog).where(eq(auditLog.action, "cli.test_mail")).orderBy(auditLog.id),
  );

describe("npm run cli -- test-mail", () => {
  it("without SMTP writes the mail as a file and names it", async () => {
    const result = await cli({}, "test-mail", "operator@example.com");
    expect(result.status, result.stderr).toBe(0);
    const file = /written to (\S+\.eml) \(SMTP_URL is unset/.exec(result.stdout)?.[1] ?? "";
    expect(path.dirname(file)).toBe(path.join(dataDir, "mail"));
    const mail = parseEml(fs.readFileSync(file, "utf8"));
    expect(mail.to).toBe("operator@example.com");
    expect(mail.subject).toBe("Test mail / Testnachricht");
    expect(mail.headers.from).toContain("partners@example.com");
    expect(received).toEqual([]);
    expect((await testMailAudits()).at(-1)).toMatchObject({
      actorUserId: null,
      details: { via: "cli", to: "o•••@example.com", transport: "outbox", sent: true },
    });
  }, 90_000);

  it("with SMTP_URL sends it to the SMTP server and prints its answer", async () => {
    const result = await cli({ SMTP_URL: smtpUrl }, "test-mail", "operator@example.com");
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        `^Test mail to operator@example\\.com sent through the SMTP server ${new URL(smtpUrl).host}, which answered: 250 `,
      ),
    );
    expect(received).toHaveLength(1);
    expect(received[0]?.envelopeFrom).toBe("partners@example.com");
    expect(received[0]?.recipients).toEqual(["operator@example.com"]);
    expect(received[0]?.mail.text).toContain("npm run cli -- test-mail");
    expect((await testMailAudits()).at(-1)?.details).toMatchObject({ transport: "smtp", sent: true });
  }, 90_000);

  it("fails in one line with status 1 when the server is not there, and audits the failure", async () => {
    // Port 9 (discard): nothing listens on loopback, so the connection is refused.
    const result = await cli(
      { SMTP_URL: "smtp://mailer:secret@127.0.0.1:9?connectionTimeout=2000" },
      "test-mail",
      "operator@example.com",
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Test mail to operator@example\.com could not be sent through the SMTP server 127\.0\.0\.1:9: /,
    );
    expect(result.stderr).not.toContain("secret");
    expect((await testMailAudits()).at(-1)?.details).toMatchObject({ transport: "smtp", sent: false });
  }, 90_000);

  it("refuses a missing or malformed address with the usage", async () => {
    const missing = await cli({}, "test-mail");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("test-mail <address>");
    const malformed = await cli({}, "test-mail", "not-an-address");
    expect(malformed.status).toBe(2);
    expect(malformed.stderr.trim()).toBe("not-an-address is not an email address.");
  }, 90_000);
});

describe("npm run cli -- reset-password", () => {
  it("mails the owner the forgot-password link at once, audited, and prints no password", async () => {
    const owner = await withDatabase(async (db) => {
      const user = await createUser(db, { email: "locked.out@example.com" });
      await db.update(users).set({ language: "de" }).where(eq(users.id, user.id));
      return user;
    });
    const before = received.length;
    const started = Date.now();

    const result = await cli({ SMTP_URL: smtpUrl }, "reset-password", "Locked.Out@example.com");
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe(
      `Password reset link sent to Locked.Out@example.com through the SMTP server ${new URL(smtpUrl).host}; ` +
        "it is valid for 30 minutes.",
    );
    expect(result.stdout).not.toContain(owner.password);

    // The mail of "forgot password": the owner's language, a link on PUBLIC_URL.
    const delivered = received.slice(before);
    expect(delivered).toHaveLength(1);
    const mail = delivered[0]?.mail as ParsedMail;
    expect(mail.to).toBe("locked.out@example.com");
    expect(mail.subject).toBe("Passwort zurücksetzen");
    const { link, token } = resetTokenFrom({ ...mail, file: "" });
    expect(link).toMatch(/^https:\/\/partners\.example\.com\/password-reset-set\?token=/);

    await withDatabase(async (db) => {
      const [stored] = await db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, hashOpaqueToken(token)));
      expect(stored?.userId).toBe(owner.id);
      expect(stored?.usedAt).toBeNull();
      const lifetime = (stored?.expiresAt.getTime() ?? 0) - started;
      expect(lifetime).toBeGreaterThan(29 * 60_000);
      expect(lifetime).toBeLessThanOrEqual(31 * 60_000);
      const [row] = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, owner.email), eq(mailOutbox.kind, "password_reset")));
      expect(row).toMatchObject({ status: "sent", text: "" });
      const [audit] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectUserId, owner.id), eq(auditLog.action, "admin.password_reset_sent")));
      expect(audit).toMatchObject({ actorUserId: null, details: { via: "cli" } });
    });
  }, 120_000);

  it("says so in one line for an unknown email, sending nothing", async () => {
    const before = received.length;
    const result = await cli({ SMTP_URL: smtpUrl }, "reset-password", "nobody@example.com");
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe("No account has the email nobody@example.com.");
    expect(received.length).toBe(before);
    expect((await cli({}, "reset-password")).status).toBe(2);
  }, 90_000);
});
