import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseEml, readOutbox } from "../../testing/eml";
import { createLogger } from "../logging/logger";
import { createMailer } from "./index";
import { createOutboxMailer } from "./outbox-mailer";

function memoryLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, logger: createLogger({ level: "info", destination }) };
}

const code = "482913";
const token = "f3a9c1e07b5d4e2a9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d";
const link = `https://partner.example.com/de/verify-email?token=${token}&redirect=%2Fdashboard`;
const german = {
  to: "joerg.mueller@example.com",
  subject: "Ihr Bestätigungscode",
  text: `Hallo Jörg,\n\nIhr Code lautet ${code}. Oder öffnen Sie diesen Link:\n${link}\n\nGrüße\nIhr Partner-Team`,
  html: `<p>Hallo Jörg,</p><p>Ihr Code lautet <b>${code}</b>.</p><p><a href="${link}">Bestätigen</a></p><p>Grüße</p>`,
};

describe("outbox mailer", () => {
  let dir: string;

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "outbox-test-"));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("writes one complete .eml that parses back to the message, and logs no body", async () => {
    const { lines, logger } = memoryLogger();
    const outbox = path.join(dir, "mail");
    const mailer = createOutboxMailer({
      dir: outbox,
      from: "Partner Platform <no-reply@example.com>",
      logger,
    });
    expect(mailer.driver).toBe("outbox");

    const { messageId } = await mailer.send(german);
    await mailer.close();

    const names = await fs.readdir(outbox);
    expect(names).toHaveLength(1);
    const [name = ""] = names;
    expect(name).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f-]{36}\.eml$/);
    const file = path.join(outbox, name);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);

    const raw = await fs.readFile(file, "utf8");
    expect(raw).not.toContain("\r\n");
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Content-Transfer-Encoding: quoted-printable$/m);
    // The link is longer than a quoted-printable line (76, RFC 2045 §6.7), so it arrives split by
    // soft breaks that the parser has to join.
    expect(link.length).toBeGreaterThan(80);
    expect(Math.max(...raw.split("\n").map((line) => line.length))).toBeLessThanOrEqual(78);
    expect(raw).toMatch(/=\n/);

    const mail = parseEml(raw);
    expect(mail.to).toBe(german.to);
    expect(mail.subject).toBe(german.subject);
    expect(mail.text).toBe(german.text);
    expect(mail.html).toBe(german.html);
    expect(mail.headers.from).toBe("Partner Platform <no-reply@example.com>");
    expect(mail.headers["message-id"]).toBe(messageId);

    expect(lines).toHaveLength(1);
    const [line = ""] = lines;
    expect(JSON.parse(line)).toMatchObject({
      msg: "mail written to outbox",
      to: german.to,
      file,
    });
    // Neither body nor subject: both can carry codes and links.
    for (const secret of [code, token, "Grüße", "Hallo", german.subject]) expect(line).not.toContain(secret);
  });

  it("writes attachments into a multipart/mixed message whose files parse back byte for byte", async () => {
    const { logger } = memoryLogger();
    const mailer = createOutboxMailer({ dir, from: "no-reply@example.com", logger });
    const pdf = Buffer.concat([
      Buffer.from("%PDF-1.3\n"),
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    ]);
    await mailer.send({
      ...german,
      attachments: [
        { filename: "payout-statement-2026-12-01.pdf", contentType: "application/pdf", content: pdf },
      ],
    });
    await mailer.close();

    const [mail] = await readOutbox(dir);
    expect(mail?.headers["content-type"]).toMatch(/^multipart\/mixed;/);
    expect(mail?.text).toBe(german.text);
    expect(mail?.html).toBe(german.html);
    expect(mail?.attachments).toHaveLength(1);
    expect(mail?.attachments[0]).toMatchObject({
      filename: "payout-statement-2026-12-01.pdf",
      contentType: "application/pdf",
    });
    expect(mail?.attachments[0]?.content.equals(pdf)).toBe(true);
  });

  it("keeps sending order in file names and writes text-only mail as a single part", async () => {
    const { logger } = memoryLogger();
    const mailer = createMailer({ from: "no-reply@example.com", dataDir: dir, logger });
    expect(mailer.driver).toBe("outbox");

    for (let index = 1; index <= 5; index++) {
      await mailer.send({
        to: `user${index}@example.com`,
        subject: `Mail ${index}`,
        text: `Nummer ${index}`,
      });
    }
    await mailer.close();

    const mails = await readOutbox(path.join(dir, "mail"));
    expect(mails.map((mail) => mail.subject)).toEqual(["Mail 1", "Mail 2", "Mail 3", "Mail 4", "Mail 5"]);
    expect(mails[0]?.text).toBe("Nummer 1");
    expect(mails[0]?.html).toBeUndefined();
    expect(mails[0]?.attachments).toEqual([]);
    expect(mails[0]?.headers["content-type"]).toMatch(/^text\/plain/);
    expect((await fs.readdir(path.join(dir, "mail"))).filter((name) => !name.endsWith(".eml"))).toEqual([]);
  });
});
