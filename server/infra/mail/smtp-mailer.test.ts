import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseEml } from "../../testing/eml";
import { createLogger } from "../logging/logger";
import { createMailer } from "./index";
import type { Mailer } from "./types";

type Received = { from: string; recipients: string[]; raw: string };

describe("SMTP mailer", () => {
  let server: SMTPServer | undefined;
  let port: number;
  let received: Received[];
  let mailer: Mailer | undefined;
  let logLines: string[];

  beforeEach(async () => {
    received = [];
    logLines = [];
    const started = new SMTPServer({
      authOptional: true,
      // Plain SMTP on loopback: nothing to encrypt, and no certificate to make.
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("error", callback);
        stream.on("end", () => {
          const mailFrom = session.envelope.mailFrom;
          received.push({
            from: mailFrom ? mailFrom.address : "",
            recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    server = started;
    await new Promise<void>((resolve, reject) => {
      started.once("error", reject);
      started.listen(0, "127.0.0.1", () => resolve());
    });
    port = (started.server.address() as AddressInfo).port;
  });

  async function stopServer() {
    const running = server;
    server = undefined;
    if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
  }

  afterEach(async () => {
    await mailer?.close();
    mailer = undefined;
    await stopServer();
  });

  it("delivers the message to the server and logs recipient and messageId only", async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
        done();
      },
    });
    const logger = createLogger({ level: "info", destination });
    mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "Partner Platform <no-reply@example.com>",
      dataDir: "/nonexistent",
      logger,
    });
    expect(mailer.driver).toBe("smtp");

    const message = {
      to: "anna.schaefer@example.com",
      subject: "Passwort zurücksetzen",
      text: "Hallo Anna,\n\nIhr Code: 731904\n\nGrüße",
      html: "<p>Ihr Code: <b>731904</b></p>",
    };
    const { messageId } = await mailer.send(message);

    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery?.from).toBe("no-reply@example.com");
    expect(delivery?.recipients).toEqual([message.to]);
    const mail = parseEml(delivery?.raw ?? "");
    expect(mail.to).toBe(message.to);
    expect(mail.subject).toBe(message.subject);
    expect(mail.text).toBe(message.text);
    expect(mail.html).toBe(message.html);
    expect(mail.headers["message-id"]).toBe(messageId);

    expect(logLines).toHaveLength(1);
    const [line = ""] = logLines;
    expect(JSON.parse(line)).toMatchObject({
      msg: "mail sent",
      to: message.to,
      messageId,
    });
    expect(line).not.toContain("731904");
    expect(line).not.toContain(message.subject);
  });

  it("delivers attachments to the server", async () => {
    mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "no-reply@example.com",
      dataDir: "/nonexistent",
      logger: createLogger({ level: "silent" }),
    });
    const pdf = Buffer.concat([
      Buffer.from("%PDF-1.3\n"),
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    ]);
    await mailer.send({
      to: "a@example.com",
      subject: "Statement",
      text: "Attached.",
      attachments: [
        { filename: "payout-statement-2026-12-01.pdf", contentType: "application/pdf", content: pdf },
      ],
    });
    const mail = parseEml(received[0]?.raw ?? "");
    expect(mail.text).toBe("Attached.");
    expect(mail.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: "payout-statement-2026-12-01.pdf", contentType: "application/pdf" },
    ]);
    expect(mail.attachments[0]?.content.equals(pdf)).toBe(true);
  });

  it("says where the mail went: the server's answer", async () => {
    mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "no-reply@example.com",
      dataDir: "/nonexistent",
      logger: createLogger({ level: "silent" }),
    });
    const sent = await mailer.send({ to: "a@example.com", subject: "x", text: "y" });
    expect(sent.response).toMatch(/^250 /);
    expect(sent.file).toBeUndefined();
  });

  it("writes files instead with MAIL_TRANSPORT=files, even with an SMTP_URL", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-transport-"));
    try {
      mailer = createMailer({
        transport: "files",
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: "no-reply@example.com",
        dataDir,
        logger: createLogger({ level: "silent" }),
      });
      expect(mailer.driver).toBe("outbox");
      const sent = await mailer.send({ to: "a@example.com", subject: "x", text: "y" });
      expect(sent.file).toBe(path.join(dataDir, "mail", path.basename(sent.file ?? "")));
      expect(fs.existsSync(sent.file ?? "")).toBe(true);
      expect(received).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses MAIL_TRANSPORT=smtp without an SMTP_URL instead of writing files", () => {
    expect(() =>
      createMailer({
        transport: "smtp",
        from: "no-reply@example.com",
        dataDir: "/nonexistent",
        logger: createLogger({ level: "silent" }),
      }),
    ).toThrow("MAIL_TRANSPORT is smtp, so SMTP_URL is required");
  });

  it("rejects when the server is not there", async () => {
    await stopServer();
    mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}?connectionTimeout=2000`,
      from: "no-reply@example.com",
      dataDir: "/nonexistent",
      logger: createLogger({ level: "silent" }),
    });
    await expect(mailer.send({ to: "a@example.com", subject: "x", text: "y" })).rejects.toThrow();
    expect(received).toEqual([]);
  });
});
