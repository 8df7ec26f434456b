// The web tier's logger, in the format the API writes (lib/runtime/log-format.mjs): one per process,
// shared by the custom server (web/server/web-server.mjs, plain Node) and Next's server code
// (web/log.ts), which Next bundles as a copy of its own. The one instance therefore lives on
// globalThis, so both write through the same logger and fill the same ring buffer.
import { createTierLogger, LogRingBuffer } from "../../lib/runtime/log-format.mjs";

const LEVELS = new Set(["trace", "debug", "info", "warn", "error", "fatal", "silent"]);
const SHARED = Symbol.for("partner-platform.web-log");

/**
 * What an error may put in a log line: its type, Next's digest (the reference the error page
 * shows) and a message without query strings, cut short. Messages of fetch or URL errors can
 * name a URL, and a URL can carry a token. Nothing else of the error object is copied.
 * @param {unknown} error
 */
function loggableError(error) {
  const { name, message, digest } = /** @type {{ name?: unknown, message?: unknown, digest?: unknown }} */ (
    error ?? {}
  );
  return {
    type: typeof name === "string" ? name : typeof error,
    ...(typeof digest === "string" ? { digest } : {}),
    ...(typeof message === "string" ? { message: message.replace(/\?\S*/g, "?…").slice(0, 300) } : {}),
  };
}

/**
 * A web tier logger at LOG_LEVEL `level` ("info" when unset or unknown, as the API's default).
 * @param {{ level?: string, ring?: LogRingBuffer, destination?: NodeJS.WritableStream }} [options]
 * @returns {import("./web-log.d.mts").WebLog}
 */
export function createWebLog({ level, ring, destination } = {}) {
  const logger = createTierLogger({
    tier: "web",
    level: level && LEVELS.has(level) ? level : "info",
    ring,
    destination,
    // An error under either key is logged as loggableError makes it, never whole.
    serializers: { err: loggableError, error: loggableError },
  });
  // A request line holds only what web/server/request-log.mjs makes of the request (method, cleaned
  // path, status, duration, id): like the API's, it skips the redaction pass, which costs more
  // than writing the line.
  return { logger, requestLines: logger.child({}, { redact: [] }), ring };
}

/**
 * This process's web tier logger and the ring of its recent lines (the admin log view).
 * @returns {import("./web-log.d.mts").WebLog & { ring: LogRingBuffer }}
 */
export function webLog() {
  const shared = /** @type {Record<symbol, any>} */ (globalThis);
  shared[SHARED] ??= createWebLog({ level: process.env.LOG_LEVEL, ring: new LogRingBuffer() });
  return shared[SHARED];
}
