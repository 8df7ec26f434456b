import type { Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import { TEMPLATE_HTML_MAX_BYTES } from "../../../lib/constants";
import { AppError, fieldRefusalInEnglish } from "../../errors";
import { MultipartError, readMultipart } from "../../infra/uploads/read-multipart";
import type { RequestBody } from "../../infra/uploads/request-body";
import { refusedUploadError } from "../refused-upload";

const LIMITS = {
  maxFileBytes: TEMPLATE_HTML_MAX_BYTES,
  maxFiles: 1,
  // name, type, description, lang, audience, user_type, note, html, and a few a form may add.
  maxFields: 12,
  // The `html` field may be as large as the file; the other fields are checked by the schema.
  maxFieldBytes: TEMPLATE_HTML_MAX_BYTES,
  // One template (file or field) plus the short fields and the multipart framing.
  maxRequestBytes: TEMPLATE_HTML_MAX_BYTES + 64 * 1024,
};

// file-type reads at most this much of a file's head.
const SNIFF_BYTES = 4100;
const UTF8 = new TextDecoder("utf-8", { fatal: true });

export type TemplateForm = {
  /** Text fields as sent, `user_type` already folded into `audience`; empty ones left out. */
  fields: Record<string, string>;
  /** Fields sent empty on purpose (a description or note being cleared). */
  cleared: Set<string>;
  /** The template's HTML (file or `html` field) as sent, not yet sanitized; undefined when absent. */
  html: string | undefined;
};

/** What a refused body means to the admin, in the API's error shape. */
function toAppError(error: unknown): unknown {
  if (!(error instanceof MultipartError)) return error;
  return refusedUploadError(error, {
    tooLarge: "templateTooLarge",
    badFields: "templateFormTooManyParts",
    fieldCarriesUpload: true,
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    // readMultipart fails the stream one byte past the limit; this is the belt to its braces.
    if (size > TEMPLATE_HTML_MAX_BYTES) throw new MultipartError("file_too_large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * A template file must be text: refused (415) when its magic bytes name a binary format (a PDF
 * or an image renamed .html), when it holds NUL bytes, or when it is not valid UTF-8.
 * The client's file name and Content-Type are not trusted.
 */
async function decodeTemplateFile(bytes: Buffer): Promise<string> {
  const detected = await fileTypeFromBuffer(bytes.subarray(0, SNIFF_BYTES));
  // XHTML starts with an XML declaration, which file-type reports as xml.
  if (detected && detected.ext !== "xml") throw new AppError("UNSUPPORTED_MEDIA_TYPE", "templateNotHtml");
  if (bytes.includes(0)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "templateNotHtml");
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "templateNotHtml");
  }
  return text.startsWith("\uFEFF") ? text.slice(1) : text;
}

/**
 * Reads the template form (POST and PUT /api/document-templates) as it streams: the HTML as a
 * `file` part or an `html` field, at most TEMPLATE_HTML_MAX_BYTES either way (one byte more → 413,
 * also for a chunked body or a false Content-Length).
 */
export async function readTemplateForm(body: RequestBody): Promise<TemplateForm> {
  let fileBytes: Buffer | undefined;
  let sentFields: Map<string, string>;
  try {
    sentFields = await readMultipart(body, LIMITS, async (file) => {
      if (file.fieldName !== "file") {
        throw new AppError("VALIDATION_FAILED", "templateFileFieldOnly");
      }
      fileBytes = await readAll(file.stream);
    });
  } catch (error) {
    throw toAppError(error);
  }
  const fields: Record<string, string> = {};
  const cleared = new Set<string>();
  for (const [name, value] of sentFields) {
    if (value.trim() === "") cleared.add(name);
    else fields[name] = value;
  }
  // The spec's forms send the audience as `user_type` too.
  if (fields.audience === undefined && fields.user_type !== undefined) fields.audience = fields.user_type;
  if (cleared.has("user_type")) cleared.add("audience");

  // An empty file input (nothing chosen) is no file.
  const file = fileBytes && fileBytes.length > 0 ? await decodeTemplateFile(fileBytes) : undefined;
  if (file !== undefined && fields.html !== undefined) {
    throw fieldRefusalInEnglish("file", "templateFileOrHtml");
  }
  return { fields, cleared, html: file ?? fields.html };
}
