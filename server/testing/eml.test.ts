import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { decodeEncodedWords, decodeQuotedPrintable, parseEml, readOutbox, waitForMail } from "./eml";

const lines = (...content: string[]) => content.join("\n");

describe("parseEml", () => {
  it("unfolds headers and lowercases their names", () => {
    const mail = parseEml(
      lines(
        "To: anna@example.com",
        "X-Long-Header: first part",
        "\tsecond part",
        "  third part",
        "Subject: Hello",
        "__proto__: not a prototype",
        "",
        "body",
      ),
    );
    expect(Object.hasOwn(mail.headers, "__proto__")).toBe(true);
    expect(mail.headers["x-long-header"]).toBe("first part\tsecond part  third part");
    expect(mail.to).toBe("anna@example.com");
    expect(mail.subject).toBe("Hello");
    expect(mail.text).toBe("body");
    expect(mail.html).toBeUndefined();
  });

  it("decodes folded Q and B encoded-word subjects, joining adjacent words without their space", () => {
    const mail = parseEml(
      lines(
        "Subject: =?UTF-8?Q?Ihr_Best=C3=A4tigungscode_?=",
        " =?utf-8?B?ZsO8ciBkaWUgQW5tZWxkdW5n?= (Test)",
        "",
        "",
      ),
    );
    expect(mail.subject).toBe("Ihr Bestätigungscode für die Anmeldung (Test)");
    expect(mail.headers.subject).toBe(mail.subject);
  });

  it("decodes a multi-byte character split across two encoded-words", () => {
    // "ü" is C3 BC; some encoders cut between the bytes.
    expect(decodeEncodedWords("=?UTF-8?Q?Gr=C3?= =?UTF-8?Q?=BC=C3=9Fe?=")).toBe("Grüße");
    expect(decodeEncodedWords("=?ISO-8859-1?Q?Gr=FC=DFe?= aus Berlin")).toBe("Grüße aus Berlin");
    expect(decodeEncodedWords("plain = not ?encoded?")).toBe("plain = not ?encoded?");
  });

  it("reads base64 parts of a multipart/alternative message with CRLF line ends", () => {
    const text = Buffer.from("Grüße aus Köln\nZeile zwei", "utf8").toString("base64");
    const html = Buffer.from("<p>Grüße aus Köln</p>", "utf8").toString("base64");
    const raw = [
      "To: jörg@example.com",
      "Subject: Base64",
      'Content-Type: multipart/alternative; boundary="b1"',
      "",
      "This is the preamble.",
      "--b1",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      text.slice(0, 10),
      text.slice(10),
      "--b1",
      'Content-Type: text/html; charset="UTF-8"',
      "Content-Transfer-Encoding: BASE64",
      "",
      html,
      "--b1--",
      "epilogue",
      "",
    ].join("\r\n");
    const mail = parseEml(raw);
    expect(mail.to).toBe("jörg@example.com");
    expect(mail.text).toBe("Grüße aus Köln\nZeile zwei");
    expect(mail.html).toBe("<p>Grüße aus Köln</p>");
  });

  it("joins quoted-printable soft line breaks and keeps hard ones", () => {
    const url = `https://example.com/reset?token=${"a".repeat(90)}`;
    const mail = parseEml(
      lines(
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: quoted-printable",
        "",
        "Gr=C3=BC=C3=9Fe,",
        `https://example.com/reset?token=3D${"a".repeat(42)}=`,
        // Trailing white space before a hard break was added in transport (rule 3).
        `${"a".repeat(48)}   `,
        // A soft break at the very end: the text had no final line break.
        "Ende=",
        "",
      ),
    );
    expect(mail.text).toBe(`Grüße,\n${url}\nEnde`);
    expect(decodeQuotedPrintable("a=\nb").toString()).toBe("ab");
    expect(decodeQuotedPrintable("Preis: 5 = 5=3D5").toString()).toBe("Preis: 5 = 5=5");
  });

  it("finds text and html inside nested multiparts and skips attachments", () => {
    const mail = parseEml(
      lines(
        "Content-Type: multipart/mixed; boundary=outer",
        "",
        "--outer",
        "Content-Type: multipart/alternative; boundary=inner",
        "",
        "--inner",
        "Content-Type: text/plain",
        "",
        "plain text",
        "",
        "--inner",
        "Content-Type: text/html",
        "",
        "<b>html</b>",
        "--inner--",
        "--outer",
        "Content-Type: text/plain",
        "Content-Disposition: attachment; filename=notes.txt",
        "",
        "not the body",
        "--outer--",
      ),
    );
    // The empty line before a delimiter is content: the text ended with a line break.
    expect(mail.text).toBe("plain text\n");
    expect(mail.html).toBe("<b>html</b>");
    expect(mail.attachments).toEqual([
      { filename: "notes.txt", contentType: "text/plain", content: Buffer.from("not the body") },
    ]);
  });

  it("collects the files of a multipart/mixed message with their names and decoded bytes", () => {
    // Every byte value, so a decoder that went through text would change some.
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, index) => index));
    const base64 = bytes.toString("base64");
    const mail = parseEml(
      [
        "To: anna@example.com",
        'Content-Type: multipart/mixed; boundary="--_mixed"',
        "",
        "----_mixed",
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Ihre Abrechnung",
        "----_mixed",
        "Content-Type: application/pdf; name=payout-statement-2026-12-01.pdf",
        "Content-Transfer-Encoding: base64",
        "Content-Disposition: attachment;",
        " filename=payout-statement-2026-12-01.pdf",
        "",
        base64.slice(0, 76),
        base64.slice(76, 152),
        base64.slice(152),
        "----_mixed",
        "Content-Type: application/octet-stream",
        "Content-Transfer-Encoding: base64",
        "Content-Disposition: attachment; filename*=utf-8''%C3%9Cbersicht.bin",
        "",
        Buffer.from("Ü").toString("base64"),
        "----_mixed",
        // No disposition: a PDF is still a file, not a body.
        "Content-Type: application/pdf; name=bare.pdf",
        "Content-Transfer-Encoding: base64",
        "",
        Buffer.from("%PDF-").toString("base64"),
        "----_mixed--",
        "",
      ].join("\r\n"),
    );
    expect(mail.text).toBe("Ihre Abrechnung");
    expect(mail.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: "payout-statement-2026-12-01.pdf", contentType: "application/pdf" },
      { filename: "Übersicht.bin", contentType: "application/octet-stream" },
      { filename: "bare.pdf", contentType: "application/pdf" },
    ]);
    expect(mail.attachments[0]?.content.equals(bytes)).toBe(true);
    expect(mail.attachments[1]?.content.toString()).toBe("Ü");
    expect(mail.attachments[2]?.content.toString()).toBe("%PDF-");
  });

  it("gives a mail without files an empty list", () => {
    expect(parseEml(lines("To: a@example.com", "", "body")).attachments).toEqual([]);
  });
});

describe("readOutbox and waitForMail", () => {
  let dir: string;
  const eml = (to: string, subject: string) => lines(`To: ${to}`, `Subject: ${subject}`, "", "body", "");

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "eml-test-"));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("returns an empty list while the folder does not exist", async () => {
    expect(await readOutbox(path.join(dir, "missing"))).toEqual([]);
  });

  it("lists .eml files oldest first and ignores temporary files", async () => {
    await fs.writeFile(path.join(dir, "2026-01-02T00-00-00-000Z-b.eml"), eml("b@example.com", "second"));
    await fs.writeFile(path.join(dir, "2026-01-01T00-00-00-000Z-a.eml"), eml("a@example.com", "first"));
    await fs.writeFile(path.join(dir, ".2026-01-03T00-00-00-000Z-c.eml.tmp"), "To: half");
    const mails = await readOutbox(dir);
    expect(mails.map((mail) => mail.subject)).toEqual(["first", "second"]);
    expect(mails[0]?.file).toBe(path.join(dir, "2026-01-01T00-00-00-000Z-a.eml"));
  });

  it("waits for a mail that arrives later and returns the newest match", async () => {
    // Written like the mailer writes, so a poll never reads half a file.
    const deliver = async (name: string, content: string) => {
      await fs.writeFile(path.join(dir, `.${name}.tmp`), content);
      await fs.rename(path.join(dir, `.${name}.tmp`), path.join(dir, name));
    };
    await deliver("2026-01-01T00-00-00-000Z-a.eml", eml("a@example.com", "old code"));
    const waiting = waitForMail(dir, (mail) => mail.to === "b@example.com", { timeoutMs: 3000 });
    const delivered = new Promise<void>((resolve, reject) => {
      setTimeout(() => {
        deliver("2026-01-02T00-00-00-000Z-b.eml", eml("b@example.com", "code 1"))
          .then(() => deliver("2026-01-03T00-00-00-000Z-c.eml", eml("b@example.com", "code 2")))
          .then(resolve, reject);
      }, 250);
    });
    const mail = await waiting;
    expect(mail.to).toBe("b@example.com");
    // A poll may land between the two deliveries.
    expect(["code 1", "code 2"]).toContain(mail.subject);
    await delivered;
    const latest = await waitForMail(dir, (candidate) => candidate.to === "b@example.com");
    expect(latest.subject).toBe("code 2");
  });

  it("fails after the timeout and names the mails it saw", async () => {
    await fs.writeFile(path.join(dir, "2026-01-01T00-00-00-000Z-a.eml"), eml("a@example.com", "Welcome"));
    const started = Date.now();
    await expect(
      waitForMail(dir, (mail) => mail.to === "nobody@example.com", { timeoutMs: 300 }),
    ).rejects.toThrow(/a@example\.com: Welcome/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });
});
