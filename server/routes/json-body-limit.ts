import type { MiddlewareHandler } from "hono";
import { AppError } from "../errors";
import type { AppEnv } from "../http";
import { DEFAULT_BODY_IDLE_MS, readBodyWithin } from "../infra/http/body-idle";

/**
 * Refuses a request body over `maxBytes` with 413 while it streams: a declared length over the
 * limit is refused before reading, a chunked body as soon as it passes it, so a huge JSON body
 * is never buffered whole. A body that stops arriving for the configured idle time is answered
 * 408, so a client trickling a few bytes and then nothing cannot hold a request open. Put it
 * before the route's JSON validator.
 */
export function jsonBodyLimit(maxBytes: number, message?: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // GET and HEAD carry no body; asking the request for one would make the Node adapter build
    // a whole Fetch Request (headers, abort signal, stream) for every /api/auth/me.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const body = c.req.raw.body;
    if (!body) return next();
    // The rest of a refused body stays unread: close the connection after the answer.
    function refuse(error: AppError): never {
      c.header("Connection", "close");
      throw error;
    }
    const declared = c.req.header("content-length");
    if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > maxBytes) {
      refuse(new AppError("PAYLOAD_TOO_LARGE", message));
    }
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = await readBodyWithin(body, {
        maxBytes,
        idleMs: c.get("bodyIdleMs") ?? DEFAULT_BODY_IDLE_MS,
        tooLarge: () => {
          throw new AppError("PAYLOAD_TOO_LARGE", message);
        },
      });
    } catch (error) {
      // A client that hung up mid-body gets a plain refusal (it will not read it), not a 500.
      refuse(
        error instanceof AppError ? error : new AppError("BAD_REQUEST", "The request body was incomplete."),
      );
    }
    // The validator reads the body again: hand it what was read.
    c.req.raw = new Request(c.req.raw, { body: bytes });
    await next();
  };
}

/** The JSON body that can carry `decodedBytes` as base64, with room for the other fields. */
export const base64JsonBodyBytes = (decodedBytes: number) =>
  // 4 characters per 3 bytes, 10 % for line breaks some encoders add, 16 KB for the rest.
  Math.ceil(Math.ceil(decodedBytes / 3) * 4 * 1.1) + 16 * 1024;
