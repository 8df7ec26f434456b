import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { DEFAULT_BODY_MAX_BYTES } from "../../lib/body-limits";
import { AppError, type ErrorReason } from "../errors";
import type { AppEnv } from "../http";
import { DEFAULT_BODY_IDLE_MS, readBodyWithin } from "../infra/http/body-idle";

// The routes' modules take the base64 sizing from here with the limit itself.
export { base64JsonBodyBytes } from "../../lib/body-limits";

// Marks a middleware that decides about the body itself, so the app's default cap stands aside.
const OWN_BODY_LIMIT = Symbol("own body limit");

function ownBodyLimit(handler: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  return Object.assign(handler, { [OWN_BODY_LIMIT]: true });
}

/**
 * Refuses a request body over `maxBytes` with 413 while it streams: a declared length over the
 * limit is refused before reading, a chunked body as soon as it passes it, so a huge JSON body
 * is never buffered whole. A body that stops arriving for the configured idle time is answered
 * 408, so a client trickling a few bytes and then nothing cannot hold a request open. Put it
 * before the route's JSON validator. `tooLarge` names the refusal's reason where the route's form
 * has its own words for it (the code's own sentence otherwise).
 */
export function jsonBodyLimit(maxBytes: number, tooLarge?: ErrorReason): MiddlewareHandler<AppEnv> {
  return ownBodyLimit(async (c, next) => {
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
      refuse(new AppError("PAYLOAD_TOO_LARGE", tooLarge));
    }
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = await readBodyWithin(body, {
        maxBytes,
        idleMs: c.get("bodyIdleMs") ?? DEFAULT_BODY_IDLE_MS,
        tooLarge: () => {
          throw new AppError("PAYLOAD_TOO_LARGE", tooLarge);
        },
      });
    } catch (error) {
      // A client that hung up mid-body gets a plain refusal (it will not read it), not a 500.
      refuse(error instanceof AppError ? error : new AppError("BAD_REQUEST", "requestBodyIncomplete"));
    }
    // The validator reads the body again: hand it what was read.
    c.req.raw = new Request(c.req.raw, { body: bytes });
    await next();
  });
}

/**
 * In the middleware of a route that streams its body itself under limits of its own (a
 * multipart upload read through busboy, which counts every file and field): the default cap
 * would refuse it, or buffer it whole.
 */
export const readsOwnBody: MiddlewareHandler<AppEnv> = ownBodyLimit((_c, next) => next());

/**
 * The cap of every request body whose route names none (jsonBodyLimit or readsOwnBody in its
 * middleware), so no call reads a huge body to its end before refusing it. Used once, before
 * every route; a route's own middleware is known before any of it runs, so a route with a
 * larger cap is never cut short here.
 */
export function defaultBodyLimit(maxBytes = DEFAULT_BODY_MAX_BYTES): MiddlewareHandler<AppEnv> {
  const limit = jsonBodyLimit(maxBytes);
  return (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    if (matchedRoutes(c).some((route) => OWN_BODY_LIMIT in route.handler)) return next();
    return limit(c, next);
  };
}
