import crypto from "node:crypto";
import net from "node:net";
import { and, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import { createApp } from "../app";
import { openPostgres } from "../db";
import { auditLog, mailOutbox, users } from "../db/schema";
import { insertMail } from "../domain/mail/outbox";
import { createMailSender, type MailSender, retryDelayMs } from "../domain/mail/sender";
import { accountRejectedMail, passwordResetMail } from "../domain/mail/templates";
import { createLogger } from "../infra/logging/logger";
import { createSmtpMailer } from "../infra/mail/smtp-mailer";
import type { Mailer } from "../infra/mail/types";
import { call, createUser, loginOk, post, resetTokenFrom } from "../testing/auth-api";
import { type ParsedMail, parseEml, readOutbox, waitForMail } from "../testing/eml";
import { createTestApp, type TestApp } from "../testing/test-app";
import { testDatabaseUrl } from "../testing/test-env";

let t: TestApp;
const db = () => t.deps.database.db;
const logger = createLogger({ level: "silent" });

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

/** A loopback port nothing listens on (taken from the OS, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type Smtp = { port: number; received: ParsedMail[]; close(): Promise<void> };

/** A real SMTP server in this process that keeps every message it accepts. */
async function startSmtp(port = 0): Promise<Smtp> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        received.push(parseEml(Buffer.concat(chunks).toString("utf8")));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.server.address() as net.AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const smtpMailer = (port: number): Mailer =>
  createSmtpMailer({
    url: `smtp://127.0.0.1:${port}?connectionTimeout=2000&greetingTimeout=2000&socketTimeout=5000`,
    from: "Test <test@localhost>",
    logger,
  });

/** Polls `probe` until it gives a value, for at most `timeoutMs`. */
async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const rowsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.recipient, email));

/** Runs `body` with the test app's own sender stopped, so only the senders under test send. */
async function withoutDefaultSender(body: () => Promise<void>) {
  await t.mailSender.stop();
  try {
    await body();
  } finally {
    t.mailSender.start();
  }
}

describe("mail outbox: a mail server that is down for a while", () => {
  it("retries the reset mail with backoff and delivers it exactly once when the server is back", async () => {
    await withoutDefaultSender(async () => {
      const port = await closedPort();
      const mailer = smtpMailer(port);
      const sender = createMailSender({
        db: db(),
        mailer,
        logger,
        options: { pollMs: 50, baseDelayMs: 100, maxDelayMs: 400, maxAttempts: 50 },
      });
      sender.start();
      let smtp: Smtp | undefined;
      try {
        const app = createApp({ ...t.deps, mail: sender });
        const user = await createUser(db());
        const answer = await post(app, "/api/auth/request-password-reset", { email: user.email });
        expect(answer.status).toBe(200);

        // Down: the row stays pending, counts its attempts and keeps the error.
        const failing = await waitFor(
          async () => {
            const [row] = await rowsTo(user.email);
            return row && row.attempts >= 3 ? row : undefined;
          },
          15_000,
          "three failed attempts",
        );
        expect(failing.status).toBe("pending");
        expect(failing.kind).toBe("password_reset");
        expect(failing.lastError).toMatch(/ECONNREFUSED|ESOCKET|connect/i);
        expect(failing.nextAttemptAt.getTime()).toBeGreaterThan(failing.lastAttemptAt?.getTime() ?? 0);

        // Up again on the same port.
        smtp = await startSmtp(port);
        const started = smtp;
        await waitFor(async () => (started.received.length > 0 ? true : undefined), 15_000, "the delivery");
        // Drain whatever might still be due, then give the poll a few more rounds.
        await sender.flush();
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sender.flush();

        expect(smtp.received).toHaveLength(1);
        const [mail] = smtp.received;
        expect(mail?.to).toBe(user.email);
        expect(mail?.subject).toBe("Reset your password");
        const { token } = resetTokenFrom({ ...(mail as ParsedMail), file: "" });
        const check = await call(app, "GET", `/api/auth/verify-password-reset?token=${token}`);
        expect(check.status).toBe(200);

        const [row] = await rowsTo(user.email);
        expect(row).toMatchObject({ status: "sent", lastError: null, text: "", html: null });
        // Attempts are counted when a sender claims the mail: the third may still have been on its
        // way to the closed port when the server came back, and then it is the one that delivers.
        expect(row?.attempts).toBeGreaterThanOrEqual(3);
        expect(row?.sentAt).toBeInstanceOf(Date);
      } finally {
        await sender.stop();
        await mailer.close();
        await smtp?.close();
      }
    });
  });

  it("flushes only the named rows when asked to (a CLI command's own mail), leaving the rest due", async () => {
    await withoutDefaultSender(async () => {
      const smtp = await startSmtp();
      const mailer = smtpMailer(smtp.port);
      const sender = createMailSender({ db: db(), mailer, logger });
      try {
        const mail = (to: string) =>
          accountRejectedMail(to, "en", "documents", "Not now.", "http://localhost:3000/dashboard");
        const mine = await insertMail(db(), mail(`mine-${crypto.randomUUID()}@example.com`));
        const other = `other-${crypto.randomUUID()}@example.com`;
        await insertMail(db(), mail(other));

        expect(await sender.flush([mine])).toBe(1);
        expect(smtp.received.map((received) => received.to)).not.toContain(other);
        const [mineRow] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, mine));
        expect(mineRow?.status).toBe("sent");
        const [otherRow] = await rowsTo(other);
        expect(otherRow).toMatchObject({ status: "pending", attempts: 0 });
      } finally {
        await sender.flush();
        await mailer.close();
        await smtp.close();
      }
    });
  });

  it("keeps a mail's attachment through a failed attempt and delivers it on the retry, then deletes the file", async () => {
    await withoutDefaultSender(async () => {
      const smtp = await startSmtp();
      const mailer = smtpMailer(smtp.port);
      let sends = 0;
      // The server drops the first attempt; the second goes through.
      const flaky: Mailer = {
        driver: mailer.driver,
        async send(message) {
          sends += 1;
          if (sends === 1)
            throw Object.assign(new Error("Connection closed unexpectedly"), { code: "ECONNECTION" });
          return mailer.send(message);
        },
        close: () => mailer.close(),
      };
      const { storage } = t.deps;
      const sender = createMailSender({
        db: db(),
        mailer: flaky,
        logger,
        storage,
        // Long enough that the first flush does not reach the retry itself.
        options: { baseDelayMs: 300, maxDelayMs: 300 },
      });
      const stored = async (key: string) => {
        const object = await storage.get(key);
        object?.body.destroy();
        return object !== null;
      };
      try {
        const pdf = Buffer.concat([Buffer.from("%PDF-1.3\n"), crypto.randomBytes(2048)]);
        const storageKey = crypto.randomUUID();
        await storage.put(storageKey, pdf, { contentType: "application/pdf" });
        const to = `statement-${crypto.randomUUID()}@example.com`;
        const attachment = {
          filename: "payout-statement-2026-12-01.pdf",
          contentType: "application/pdf",
          storageKey,
        };
        const id = await insertMail(db(), {
          kind: "payout_executed",
          language: "en",
          to,
          subject: "Your statement",
          text: "Attached.",
          attachments: [attachment],
        });

        await sender.flush([id]);
        const [afterFailure] = await rowsTo(to);
        expect(afterFailure).toMatchObject({
          status: "pending",
          attempts: 1,
          lastError: "ECONNECTION: Connection closed unexpectedly",
          text: "Attached.",
          attachments: [attachment],
        });
        expect(await stored(storageKey)).toBe(true);
        expect(smtp.received).toHaveLength(0);

        await waitFor(
          async () => ((await sender.flush([id])) > 0 ? true : undefined),
          5_000,
          "the retry to be due",
        );
        expect(smtp.received).toHaveLength(1);
        const [mail] = smtp.received;
        expect(mail?.text).toBe("Attached.");
        expect(mail?.attachments).toHaveLength(1);
        expect(mail?.attachments[0]).toMatchObject({
          filename: attachment.filename,
          contentType: "application/pdf",
        });
        expect(mail?.attachments[0]?.content.equals(pdf)).toBe(true);
        const [sent] = await rowsTo(to);
        expect(sent).toMatchObject({
          status: "sent",
          attempts: 2,
          lastError: null,
          text: "",
          attachments: null,
        });
        expect(await stored(storageKey)).toBe(false);
      } finally {
        await sender.stop();
        await mailer.close();
        await smtp.close();
      }
    });
  });

  it("fails a mail whose attachment is missing from storage instead of sending it without", async () => {
    await withoutDefaultSender(async () => {
      const smtp = await startSmtp();
      const mailer = smtpMailer(smtp.port);
      const sender = createMailSender({
        db: db(),
        mailer,
        logger,
        storage: t.deps.storage,
        options: { maxAttempts: 1 },
      });
      try {
        const to = `missing-${crypto.randomUUID()}@example.com`;
        const id = await insertMail(db(), {
          kind: "payout_executed",
          language: "en",
          to,
          subject: "Your statement",
          text: "Attached.",
          attachments: [
            { filename: "gone.pdf", contentType: "application/pdf", storageKey: crypto.randomUUID() },
          ],
        });
        await sender.flush([id]);
        const [row] = await rowsTo(to);
        expect(row).toMatchObject({
          status: "failed",
          lastError: "The attachment gone.pdf is missing from storage",
        });
        // Failed for good, the row keeps its body and names its file, for an admin's retry.
        expect(row?.text).toBe("Attached.");
        expect(row?.attachments).toHaveLength(1);
        expect(smtp.received).toEqual([]);
      } finally {
        await sender.stop();
        await mailer.close();
        await smtp.close();
      }
    });
  });

  it("waits longer after each failure, with jitter and a cap", () => {
    const options = { baseDelayMs: 1_000, maxDelayMs: 60_000 };
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => retryDelayMs(attempt, options, middle))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000,
    ]);
    expect(retryDelayMs(3, options, () => 0)).toBe(3_000);
    expect(retryDelayMs(3, options, () => 0.999)).toBeLessThanOrEqual(5_000);
    expect(retryDelayMs(30, options, () => 0.999)).toBe(60_000);
  });
});

if (!testDatabaseUrl) {
  describe("mail outbox: two API instances on one database", () => {
    it.skip("needs PostgreSQL (DATABASE_URL): the embedded PGlite is one process and one connection, so there is no second instance to race", () => {});
  });
} else {
  describe("mail outbox: two API instances on one database", () => {
    it("delivers every mail exactly once when two senders work the same outbox", async () => {
      const url = t.deps.database.url;
      if (!url) throw new Error("the PostgreSQL test database has no URL");
      await withoutDefaultSender(async () => {
        const smtp = await startSmtp();
        const instances = [await openPostgres(url, 3), await openPostgres(url, 3)];
        const counts = [0, 0];
        const senders: MailSender[] = instances.map((instance, index) => {
          const mailer = smtpMailer(smtp.port);
          const counted: Mailer = {
            driver: mailer.driver,
            async send(message) {
              counts[index] = (counts[index] ?? 0) + 1;
              return mailer.send(message);
            },
            close: () => mailer.close(),
          };
          return createMailSender({
            db: instance.db,
            mailer: counted,
            logger,
            options: { pollMs: 20, batchSize: 5 },
          });
        });
        try {
          const run = crypto.randomBytes(4).toString("hex");
          const total = 80;
          await db().transaction(async (tx) => {
            for (let index = 0; index < total; index++) {
              await insertMail(tx, {
                kind: "login_code",
                language: "en",
                to: `bulk-${run}-${index}@example.com`,
                subject: `Bulk ${run} ${index}`,
                text: `Mail ${index}`,
              });
            }
          });
          for (const sender of senders) sender.start();
          await waitFor(
            async () => (smtp.received.length >= total ? true : undefined),
            30_000,
            `${total} deliveries`,
          );
          for (const sender of senders) await sender.flush();
          await new Promise((resolve) => setTimeout(resolve, 200));

          const subjects = smtp.received.map((mail) => mail.subject);
          expect(subjects).toHaveLength(total);
          expect(new Set(subjects).size).toBe(total);
          expect((counts[0] ?? 0) + (counts[1] ?? 0)).toBe(total);
          const pending = await db()
            .select({ id: mailOutbox.id })
            .from(mailOutbox)
            .where(and(eq(mailOutbox.status, "pending")));
          expect(pending).toEqual([]);
          console.info(`two senders: ${counts[0]} + ${counts[1]} of ${total} mails, each delivered once`);
        } finally {
          for (const sender of senders) await sender.stop();
          for (const instance of instances) await instance.close();
          await smtp.close();
        }
      });
    });
  });
}

describe("failing mails on the server status, and the admin retry", () => {
  async function loggedIn(role: "user" | "admin") {
    const user = await createUser(db(), { role });
    const { accessToken } = await loginOk(t.app, user.email, user.password);
    return { ...user, token: accessToken };
  }

  it("shows a mail that failed every attempt to admins, and an admin's retry sends it (audited)", async () => {
    const member = await loggedIn("user");
    const admin = await loggedIn("admin");
    let failedId = "";
    await withoutDefaultSender(async () => {
      const mailer = smtpMailer(await closedPort());
      const sender = createMailSender({
        db: db(),
        mailer,
        logger,
        options: { pollMs: 50, baseDelayMs: 50, maxDelayMs: 100, maxAttempts: 2 },
      });
      sender.start();
      try {
        const app = createApp({ ...t.deps, mail: sender });
        expect((await post(app, "/api/auth/request-password-reset", { email: member.email })).status).toBe(
          200,
        );
        const failed = await waitFor(
          async () => {
            const [row] = await rowsTo(member.email);
            return row?.status === "failed" ? row : undefined;
          },
          15_000,
          "the mail to fail for good",
        );
        failedId = failed.id;
        expect(failed.attempts).toBe(2);
      } finally {
        await sender.stop();
        await mailer.close();
      }
    });

    const status = await call(t.app, "GET", "/api/admin/server-status", { token: admin.token });
    expect(status.status).toBe(200);
    const shown = (status.body as { failingMails: Array<Record<string, unknown>> }).failingMails.find(
      (mail) => mail.id === failedId,
    );
    expect(shown).toMatchObject({
      recipient: `${member.email.slice(0, 1)}•••@example.com`,
      subject: "Reset your password",
      kind: "password_reset",
      state: "failed",
      attempts: 2,
      nextAttemptAt: null,
    });
    expect(String(shown?.lastError)).toMatch(/ECONNREFUSED|ESOCKET|connect/i);
    expect(Number.isNaN(Date.parse(String(shown?.lastAttemptAt)))).toBe(false);
    // The address in full and the body (with its reset link) stay in the database.
    expect(JSON.stringify(status.body)).not.toContain(member.email);
    expect(JSON.stringify(status.body)).not.toContain("password-reset-set");

    const retryPath = `/api/admin/mail/${failedId}/retry`;
    expect((await post(t.app, retryPath, {})).status).toBe(401);
    expect((await post(t.app, retryPath, {}, { token: member.token })).status).toBe(403);
    expect(await rowsTo(member.email)).toMatchObject([{ status: "failed" }]);

    const retried = await post(t.app, retryPath, {}, { token: admin.token });
    expect(retried).toMatchObject({ status: 200, body: { success: true, recipient: shown?.recipient } });
    const mail = await waitForMail(t.mailDir, (candidate) => candidate.to.includes(member.email));
    expect(mail.subject).toBe("Reset your password");
    await t.mailSender.flush();
    expect(await rowsTo(member.email)).toMatchObject([{ status: "sent", text: "", html: null }]);
    expect(
      (await readOutbox(t.mailDir)).filter((candidate) => candidate.to.includes(member.email)),
    ).toHaveLength(1);

    const audit = await db()
      .select({ actor: auditLog.actorUserId, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, "admin.mail_retried"));
    expect(audit).toContainEqual({ actor: admin.id, details: { mailId: failedId } });

    // Sent now: nothing to retry, and the status no longer lists it.
    const again = await post(t.app, retryPath, {}, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body.error).toMatchObject({
      message: "No failed mail with this id.",
      reason: "failedMailNotFound",
    });
    expect((await post(t.app, "/api/admin/mail/not-a-uuid/retry", {}, { token: admin.token })).status).toBe(
      404,
    );
    const after = await call(t.app, "GET", "/api/admin/server-status", { token: admin.token });
    const ids = (after.body as { failingMails: Array<{ id: string }> }).failingMails.map((mail) => mail.id);
    expect(ids).not.toContain(failedId);
  });
});

describe("mail layout", () => {
  it("renders a full HTML document in the member's language with a plain-text part", async () => {
    const member = await createUser(db());
    await db().update(users).set({ language: "de" }).where(eq(users.id, member.id));
    expect((await post(t.app, "/api/auth/request-password-reset", { email: member.email })).status).toBe(200);
    const mail = await waitForMail(t.mailDir, (candidate) => candidate.to.includes(member.email));

    expect(mail.headers["content-type"]).toMatch(/^multipart\/alternative/);
    expect(mail.subject).toBe("Passwort zurücksetzen");
    const html = mail.html ?? "";
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="de">/);
    expect(html).toContain("<title>Passwort zurücksetzen</title>");
    expect(html).toContain(">Partner-Plattform</td>");
    expect(html).toContain(
      "Sie erhalten diese E-Mail, weil jemand angefordert hat, das Passwort Ihres Kontos",
    );
    const { link } = resetTokenFrom(mail);
    expect(html).toContain(`href="${link}"`);
    expect(mail.text).toMatch(/^Partner-Plattform\n/);
    expect(mail.text).toContain(`Neues Passwort festlegen: ${link}`);
    expect(mail.text).toContain("Der Link ist 30 Minuten gültig");
    expect(mail.text).toContain("Sie erhalten diese E-Mail, weil");
    expect(mail.text).not.toContain("<");
  });

  it("escapes every interpolated value in the HTML part", () => {
    const reason = `<script>alert("x")</script> & 'quoted'`;
    const mail = accountRejectedMail(
      "anna@example.com",
      "de",
      "documents",
      reason,
      "https://partner.example.com/dashboard?a=1&b=<2>",
    );
    expect(mail).toMatchObject({ kind: "account_rejected", language: "de" });
    expect(mail.subject).toBe("Bitte ergänzen Sie Ihre Angaben");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("b=<2>");
    expect(mail.html).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;quoted&#39;");
    expect(mail.html).toContain('href="https://partner.example.com/dashboard?a=1&#38;b=&#60;2&#62;"');
    expect(mail.html).toContain("Ihre Ausweisdokumente hochladen");
    // Plain text needs no escaping: it is shown as text.
    expect(mail.text).toContain(`Begründung: ${reason}`);
  });

  it("renders English with lang=en, the product name and the reason in the footer", () => {
    const mail = passwordResetMail("max@example.com", "en", "https://partner.example.com/x?token=abc", 30);
    expect(mail.html).toMatch(/<html lang="en">/);
    expect(mail.html).toContain(">Partner Platform</td>");
    expect(mail.html).toContain("You are receiving this email because someone asked to reset the password");
    expect(mail.text).toContain("Set a new password: https://partner.example.com/x?token=abc");
    expect(mail.text).toContain("You are receiving this email because");
  });

  it("has every mail text in English and German", () => {
    const keys = (value: unknown, prefix = ""): string[] =>
      typeof value === "object" && value !== null
        ? Object.entries(value).flatMap(([key, inner]) => keys(inner, `${prefix}${key}.`))
        : [prefix];
    expect(keys(de.Mail)).toEqual(keys(en.Mail));
    expect(keys(de.AdminMailQueue)).toEqual(keys(en.AdminMailQueue));
  });
});
