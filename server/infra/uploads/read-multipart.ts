import type { Readable } from "node:stream";
import { Transform, type TransformCallback } from "node:stream";
import Busboy, { type BusboyInstance } from "@fastify/busboy";
import { BodyIdleError } from "../http/body-idle";
import type { RequestBody } from "./request-body";

export type MultipartLimits = {
  /** Bytes one file may have; one byte more refuses the request. */
  maxFileBytes: number;
  maxFiles: number;
  maxFields: number;
  /** Bytes one text field may have. */
  maxFieldBytes: number;
  /** Bytes the whole body may have (files, fields and multipart framing). */
  maxRequestBytes: number;
};

export type MultipartRefusal =
  | "not_multipart"
  | "request_too_large"
  | "file_too_large"
  | "too_many_files"
  | "too_many_fields"
  | "field_too_large"
  | "malformed"
  | "aborted";

/** Why a multipart body was refused; the caller chooses the status and the words. */
export class MultipartError extends Error {
  constructor(
    readonly reason: MultipartRefusal,
    message: string = reason,
  ) {
    super(message);
    this.name = "MultipartError";
  }
}

export type MultipartFile = {
  fieldName: string;
  /** As the client named it (untrusted; decoded as UTF-8). */
  filename: string;
  /** The file's bytes as they arrive; errors with MultipartError("file_too_large") past the limit. */
  stream: Readable;
};

/** Counts the raw bytes: a chunked body or a false Content-Length cannot get past the limit. */
class ByteLimit extends Transform {
  private seen = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.seen += chunk.length;
    if (this.seen > this.limit) {
      callback(new MultipartError("request_too_large"));
      return;
    }
    callback(null, chunk);
  }
}

/**
 * Reads a multipart/form-data body as it streams, without buffering it: text fields are
 * collected (they are small), and each file is handed to `onFile` as a stream, one at a time,
 * with the fields that came before it.
 * While `onFile` works on a file, the parser does not read on (backpressure reaches the socket),
 * so at most one file of the request is ever being held by the caller.
 *
 * Every limit is enforced on the bytes actually received, never on the declared length alone;
 * the declared length only lets an obviously oversized request be refused before reading. On
 * any refusal reading stops at once (`body.abandon()`), and the promise rejects only after the
 * `onFile` call in progress has settled, so the caller can clean up what that call stored.
 */
export function readMultipart(
  body: RequestBody,
  limits: MultipartLimits,
  onFile: (file: MultipartFile, fieldsSoFar: ReadonlyMap<string, string>) => Promise<void>,
): Promise<Map<string, string>> {
  if (body.contentLength !== undefined && body.contentLength > limits.maxRequestBytes) {
    body.abandon();
    return Promise.reject(new MultipartError("request_too_large"));
  }
  let parser: BusboyInstance;
  try {
    parser = Busboy({
      headers: { "content-type": body.contentType ?? "" },
      // Browsers send non-ASCII file names as raw UTF-8.
      defCharset: "utf8",
      limits: {
        // The parser reports the limit once a file has more bytes than fileSize (busboy 1.x did
        // at fileSize itself, hence the contract and ID tests of exactly the limit and one byte more).
        fileSize: limits.maxFileBytes,
        files: limits.maxFiles,
        fields: limits.maxFields,
        fieldSize: limits.maxFieldBytes,
        parts: limits.maxFiles + limits.maxFields,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });
  } catch {
    body.abandon();
    return Promise.reject(new MultipartError("not_multipart"));
  }

  const counter = new ByteLimit(limits.maxRequestBytes);
  const fields = new Map<string, string>();

  return new Promise((resolve, reject) => {
    let failure: Error | undefined;
    // onFile calls run one after another; each waits for the one before.
    let files: Promise<void> = Promise.resolve();
    let activeFile: Readable | undefined;

    const fail = (error: Error) => {
      if (failure) return;
      failure = error;
      body.stream.unpipe(counter);
      counter.unpipe(parser);
      body.abandon();
      // The file being read (if any) ends with the error, so its onFile call settles.
      activeFile?.destroy(error);
      counter.destroy();
      parser.destroy();
      files.catch(() => {}).finally(() => reject(error));
    };
    // From inside busboy's own events: let it finish the call it is in before it is torn down
    // (it still touches the part's state after emitting "limit").
    const failSoon = (error: Error) => queueMicrotask(() => fail(error));

    parser.on("file", (fieldName: string, stream: Readable, filename: string | undefined) => {
      // The error reaches the reader through its read; a part nobody reads must not crash.
      stream.on("error", () => {});
      stream.once("limit", () => failSoon(new MultipartError("file_too_large")));
      files = files.then(async () => {
        if (failure) {
          stream.resume();
          return;
        }
        activeFile = stream;
        try {
          await onFile({ fieldName, filename: filename ?? "", stream }, fields);
        } catch (error) {
          fail(error instanceof Error ? error : new Error(String(error)));
          throw error;
        } finally {
          activeFile = undefined;
          // Whatever onFile left unread is skipped, so the parser can go on to the next part.
          if (!stream.destroyed) stream.resume();
        }
      });
      // A failure is reported through fail(); this copy of the chain must not be unhandled.
      files.catch(() => {});
    });
    parser.on("field", (name: string, value: string, nameTruncated: boolean, valueTruncated: boolean) => {
      if (nameTruncated || valueTruncated) {
        failSoon(new MultipartError("field_too_large"));
        return;
      }
      fields.set(name, value);
    });
    parser.on("filesLimit", () => failSoon(new MultipartError("too_many_files")));
    parser.on("fieldsLimit", () => failSoon(new MultipartError("too_many_fields")));
    parser.on("partsLimit", () => failSoon(new MultipartError("too_many_fields")));
    parser.on("error", (error: Error) => failSoon(new MultipartError("malformed", error.message)));
    parser.on("finish", () => {
      if (failure) return;
      files.then(
        () => (failure ? undefined : resolve(fields)),
        () => {},
      );
    });
    counter.on("error", (error) =>
      fail(error instanceof MultipartError ? error : new MultipartError("malformed", error.message)),
    );
    // A body that stopped arriving keeps its own answer (408); anything else is a broken upload.
    body.stream.on("error", (error) =>
      fail(error instanceof BodyIdleError ? error : new MultipartError("aborted", error.message)),
    );
    body.stream.on("aborted", () => fail(new MultipartError("aborted")));
    // Failed before this reader came (the client went silent while the handler was busy).
    const early = body.stream.errored;
    if (early) {
      fail(early instanceof BodyIdleError ? early : new MultipartError("aborted", early.message));
      return;
    }

    body.stream.pipe(counter).pipe(parser);
  });
}
