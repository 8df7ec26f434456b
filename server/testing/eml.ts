import fs from "node:fs/promises";
import path from "node:path";

// Test helper for API and Playwright tests: mailparser does not install here,
// and the outbox only holds what nodemailer writes, so a small RFC 5322 / MIME reader is enough.
// Node built-ins only, so Playwright can import it without the app's path aliases.

/** A file sent with the mail (a part of a multipart/mixed message), its bytes decoded. */
type MailFile = { filename: string; contentType: string; content: Buffer };

export type ParsedMail = {
  /** Lowercased names, folded lines joined; the first occurrence wins for repeated names. */
  headers: Record<string, string>;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The attachments in message order; empty when the mail has none. */
  attachments: MailFile[];
};

export type OutboxMail = ParsedMail & { file: string };

type Part = { headers: Record<string, string>; body: string };
type Found = { text?: string; html?: string; attachments: MailFile[] };

// Address and subject headers may carry RFC 2047 encoded-words; other headers are left verbatim.
const encodedWordHeaders = new Set(["subject", "from", "to", "cc", "reply-to"]);

export function parseEml(raw: string): ParsedMail {
  const message = splitPart(raw.replace(/\r\n/g, "\n"));
  const found: Found = { attachments: [] };
  collectBodies(message, found);
  return {
    headers: message.headers,
    to: message.headers.to ?? "",
    subject: message.headers.subject ?? "",
    text: found.text ?? "",
    ...(found.html === undefined ? {} : { html: found.html }),
    attachments: found.attachments,
  };
}

function splitPart(source: string): Part {
  // Headers end at the first empty line; a part without headers starts with it (RFC 2046 §5.1).
  const separator = /^\n|\n\n/.exec(source);
  const head = separator ? source.slice(0, separator.index) : source;
  const body = separator ? source.slice(separator.index + separator[0].length) : "";
  // A Map first: header names come from the message, and `__proto__` must not reach an object.
  const headers = new Map<string, string>();
  // RFC 5322 §2.2.3: a line starting with white space continues the previous header.
  for (const line of head.replace(/\n(?=[ \t])/g, "").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (headers.has(name)) continue;
    const value = line.slice(colon + 1).trim();
    headers.set(name, encodedWordHeaders.has(name) ? decodeEncodedWords(value) : value);
  }
  return { headers: Object.fromEntries(headers), body };
}

function collectBodies(part: Part, found: Found): void {
  const { mediaType, parameters } = parseContentType(part.headers["content-type"]);
  if (mediaType.startsWith("multipart/")) {
    const boundary = parameters.boundary;
    if (!boundary) return;
    for (const child of splitMultipart(part.body, boundary)) collectBodies(splitPart(child), found);
    return;
  }
  const kind = mediaType === "text/html" ? "html" : mediaType === "text/plain" ? "text" : undefined;
  // A file: marked as an attachment, or anything that is not a text body (a PDF without a
  // disposition is still a file, not a body to skip).
  if (/^\s*attachment/i.test(part.headers["content-disposition"] ?? "") || !kind) {
    found.attachments.push(attachmentOf(part, mediaType, parameters));
    return;
  }
  if (found[kind] !== undefined) return;
  // The last line break is not content: in a multipart it belongs to the delimiter (RFC 2046
  // §5.1.1), and nodemailer ends a single-part body with one whether or not the text had it.
  const body = part.body.replace(/\n$/, "");
  found[kind] = decodeBody(body, part.headers["content-transfer-encoding"], parameters.charset);
}

/**
 * A file part: its name from Content-Disposition's `filename` (or `filename*`, RFC 2231), else
 * Content-Type's `name`, and its bytes decoded from the transfer encoding.
 */
function attachmentOf(part: Part, mediaType: string, typeParameters: Record<string, string>): MailFile {
  const disposition = parseContentType(part.headers["content-disposition"] ?? "attachment").parameters;
  const extended = disposition["filename*"];
  const filename = extended
    ? decodeURIComponent(extended.replace(/^[^']*'[^']*'/, ""))
    : (disposition.filename ?? typeParameters.name ?? "");
  const encoding = (part.headers["content-transfer-encoding"] ?? "7bit").trim().toLowerCase();
  const body = part.body.replace(/\n$/, "");
  const content =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, "utf8");
  return { filename, contentType: mediaType, content };
}

function parseContentType(value = "text/plain"): { mediaType: string; parameters: Record<string, string> } {
  const [mediaType = "", ...rest] = value.split(";");
  const parameters: Record<string, string> = {};
  for (const match of rest.join(";").matchAll(/([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;\s]+)/g)) {
    const [, name = "", rawValue = ""] = match;
    parameters[name.toLowerCase()] = rawValue.startsWith('"')
      ? rawValue.slice(1, -1).replace(/\\(.)/g, "$1")
      : rawValue;
  }
  return { mediaType: mediaType.trim().toLowerCase(), parameters };
}

/**
 * The parts between `--boundary` lines, up to the closing `--boundary--`. Each part keeps the line
 * break before the next delimiter, as a single-part body keeps its last one, so that
 * `collectBodies` drops exactly one in both cases.
 */
function splitMultipart(body: string, boundary: string): string[] {
  const parts: string[] = [];
  let current: string | undefined;
  for (const line of body.split("\n")) {
    const trimmed = line.trimEnd();
    if (trimmed === `--${boundary}--`) break;
    if (trimmed === `--${boundary}`) {
      if (current !== undefined) parts.push(current);
      current = "";
    } else if (current !== undefined) {
      current += `${line}\n`;
    }
  }
  if (current !== undefined) parts.push(current);
  return parts;
}

function decodeBody(body: string, transferEncoding = "7bit", charset = "utf-8"): string {
  switch (transferEncoding.trim().toLowerCase()) {
    case "base64":
      return decodeBytes(Buffer.from(body.replace(/\s+/g, ""), "base64"), charset);
    case "quoted-printable":
      return decodeBytes(decodeQuotedPrintable(body), charset);
    default:
      // 7bit, 8bit and binary bodies are already text (the file was read as UTF-8).
      return body;
  }
}

/** RFC 2045 §6.7. */
export function decodeQuotedPrintable(input: string): Buffer {
  const joined = input
    .split("\n")
    // Rule 3: trailing white space was added in transport and is not content.
    .map((line) => line.replace(/[ \t]+$/, ""))
    .join("\n")
    // Rule 5: `=` at the end of a line (or of the text) is a soft break.
    .replace(/=\n|=$/g, "");
  return decodeHexEscapes(joined);
}

/** `=XX` becomes the byte XX; everything else stays as its UTF-8 bytes. */
function decodeHexEscapes(input: string): Buffer {
  const chunks: Buffer[] = [];
  for (const [token, hex] of input.matchAll(/=([0-9A-Fa-f]{2})|[^=]+|=/g)) {
    chunks.push(hex === undefined ? Buffer.from(token, "utf8") : Buffer.from([Number.parseInt(hex, 16)]));
  }
  return Buffer.concat(chunks);
}

/**
 * RFC 2047. Adjacent encoded-words are joined without the white space between them (§6.2), and
 * their bytes are decoded together because an encoder may split a multi-byte character.
 */
export function decodeEncodedWords(value: string): string {
  const run = /=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=(?:\s+=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)*/g;
  return value.replace(run, (words) => {
    let charset = "utf-8";
    const chunks: Buffer[] = [];
    for (const [, wordCharset = "", encoding = "", text = ""] of words.matchAll(
      /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g,
    )) {
      // RFC 2231 §5 allows `charset*language`.
      charset = wordCharset.split("*")[0] ?? charset;
      chunks.push(
        encoding.toUpperCase() === "B"
          ? Buffer.from(text, "base64")
          : // The Q encoding is quoted-printable without line rules, and `_` is a space.
            decodeHexEscapes(text.replace(/_/g, " ")),
      );
    }
    return decodeBytes(Buffer.concat(chunks), charset);
  });
}

function decodeBytes(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    // An unknown label: latin1 keeps every byte visible instead of failing the test helper.
    return bytes.toString("latin1");
  }
}

/** Every message in the outbox folder, oldest first (file names start with a timestamp). */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    // No mail sent yet: the mailer creates the folder on its first message.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const mails: OutboxMail[] = [];
  // Temporary files start with a dot and do not end in .eml until renamed whole.
  for (const name of names.filter((entry) => entry.endsWith(".eml") && !entry.startsWith(".")).sort()) {
    const file = path.join(dir, name);
    mails.push({ ...parseEml(await fs.readFile(file, "utf8")), file });
  }
  return mails;
}

/**
 * Polls the outbox until a mail matches and returns the newest match, so a resent code wins
 * over an earlier one. To wait for a mail sent after some point, exclude the earlier ones in
 * the predicate (for example by `file` or `headers["message-id"]`).
 */
export async function waitForMail(
  dir: string,
  predicate: (mail: OutboxMail) => boolean,
  { timeoutMs = 5000 }: { timeoutMs?: number } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await readOutbox(dir);
    const match = mails.filter(predicate).at(-1);
    if (match) return match;
    if (Date.now() >= deadline) {
      const seen = mails.map((mail) => `  ${mail.to}: ${mail.subject}`).join("\n") || "  (none)";
      throw new Error(`No matching mail in ${dir} after ${timeoutMs} ms. Mails there:\n${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
