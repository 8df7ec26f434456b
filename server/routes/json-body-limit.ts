import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../errors";
import type { AppEnv } from "../http";

/**
 * Refuses a request body over `maxBytes` with 413 while it streams: a declared
 * length over the limit is refused before reading, a chunked body as soon as it passes it, so a
 * huge JSON body is never buffered whole. Put it before the route's JSON validator.
 */
export function jsonBodyLimit(maxBytes: number, message?: string): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      // The rest of the body stays unread: close the connection after the answer.
      c.header("Connection", "close");
      throw new AppError("PAYLOAD_TOO_LARGE", message);
    },
  });
}

/** The JSON body that can carry `decodedBytes` as base64, with room for the other fields. */
export const base64JsonBodyBytes = (decodedBytes: number) =>
  // 4 characters per 3 bytes, 10 % for line breaks some encoders add, 16 KB for the rest.
  Math.ceil(Math.ceil(decodedBytes / 3) * 4 * 1.1) + 16 * 1024;
