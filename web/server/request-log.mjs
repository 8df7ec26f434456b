// The web tier's request log: one JSON line per request, and the request id it shares with the API.
import crypto from "node:crypto";
import { webLog } from "./web-log.mjs";

/** The ids the API accepts from a caller (server/app.ts); anything else is replaced. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * The caller's X-Request-Id when it is a safe token (a proxy in front may have set it), else a
 * fresh one: the id ends up in log lines, so a header full of markup or newlines never does.
 * @param {string | string[] | undefined} incoming
 * @returns {string}
 */
export function requestIdFor(incoming) {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && REQUEST_ID_PATTERN.test(value) ? value : crypto.randomUUID();
}

// Paths whose segments after the prefix are secrets: a referral link's token, a signed download.
const SECRET_PREFIXES = [
  ["/api/referral/info/", "/api/referral/info/:token"],
  ["/api/files/", "/api/files/:key"],
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A long opaque segment is an id or a token, never a page name.
const OPAQUE = /^[A-Za-z0-9_.~%-]{24,}$/;
const MAX_LENGTH = 200;

/**
 * The path as it may be logged: no query string (reset and referral tokens travel there), the
 * known secret-bearing paths as their pattern, ids and other opaque segments as `:id`.
 * @param {string | undefined} url
 * @returns {string}
 */
export function loggablePath(url) {
  const path = String(url ?? "/").split(/[?#]/, 1)[0] || "/";
  for (const [prefix, pattern] of SECRET_PREFIXES) {
    if (path.toLowerCase().startsWith(prefix) && path.length > prefix.length) return pattern;
  }
  const cleaned = path
    .split("/")
    .map((segment) => (UUID.test(segment) || OPAQUE.test(segment) ? ":id" : segment))
    .join("/");
  return cleaned.length > MAX_LENGTH ? `${cleaned.slice(0, MAX_LENGTH)}…` : cleaned;
}

/**
 * Gives the request its id (on the request headers, so Next, the BFF and server-side calls
 * pass it to the API, and on the response) and writes one line when the response is done.
 * A response the client abandoned is logged too, with `aborted: true`.
 * @param {import("node:http").IncomingMessage} request
 * @param {import("node:http").ServerResponse} response
 * @param {{ log?: import("./web-log.d.mts").WebLog, now?: () => number }} [options]
 *   log: the web tier's logger (web/server/web-log.mjs), which applies LOG_LEVEL
 * @returns {string} the request id
 */
export function logRequest(request, response, options = {}) {
  const lines = (options.log ?? webLog()).requestLines;
  const now = options.now ?? (() => performance.now());
  const requestId = requestIdFor(request.headers["x-request-id"]);
  request.headers["x-request-id"] = requestId;
  response.setHeader("X-Request-Id", requestId);
  const started = now();
  let logged = false;
  const done = () => {
    if (logged) return;
    logged = true;
    const status = response.statusCode;
    const level = status >= 500 ? "error" : "info";
    if (!lines.isLevelEnabled(level)) return;
    lines[level](
      {
        requestId,
        method: request.method,
        path: loggablePath(request.url),
        status,
        ms: Math.round(now() - started),
        ...(response.writableFinished ? {} : { aborted: true }),
      },
      "request",
    );
  };
  response.once("finish", done);
  response.once("close", done);
  return requestId;
}
