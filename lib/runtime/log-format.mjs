// One log format for both tiers: every line of the API (server/infra/logging/logger.ts) and of
// the web tier (web/server/web-log.mjs) is a pino JSON line with an ISO 8601 `time`, the level by
// name, its `tier` ("api" or "web"), `msg` and, within a request, its `requestId`. Plain
// JavaScript so the web tier's server (plain Node), Next's bundle and the API's bundle share it.
import { Writable } from "node:stream";
import pino from "pino";

// Secrets and identity data never reach a log line, on either tier.
const SENSITIVE_KEYS = [
  "password",
  "newPassword",
  "confirmPassword",
  "currentPassword",
  "token",
  "accessToken",
  "refreshToken",
  "refToken",
  "code",
  "secret",
  "iban",
  "idNumber",
  "authorization",
  "cookie",
  "signature",
];
const REDACT_PATHS = [
  ...SENSITIVE_KEYS,
  ...SENSITIVE_KEYS.map((key) => `*.${key}`),
  ...SENSITIVE_KEYS.map((key) => `*.*.${key}`),
  'req.headers["authorization"]',
  'req.headers["cookie"]',
  'res.headers["set-cookie"]',
];

/**
 * A logger of one tier writing JSON lines to `destination` at `level` and, when given, to the
 * ring (always from info, so the admin log view has lines even with LOG_LEVEL=warn or silent).
 * @param {{ tier: "api" | "web", level: string, ring?: LogRingBuffer,
 *   destination?: NodeJS.WritableStream, serializers?: Record<string, (value: any) => unknown> }} options
 * @returns {import("pino").Logger}
 */
export function createTierLogger({ tier, level, ring, destination = process.stdout, serializers }) {
  /** @type {import("pino").StreamEntry[]} */
  const streams = [];
  if (level !== "silent")
    streams.push({ level: /** @type {import("pino").Level} */ (level), stream: destination });
  if (ring) streams.push({ level: "info", stream: ring });
  // The logger itself must pass everything that at least one stream wants.
  const verbose = level === "debug" || level === "trace";
  return pino(
    {
      level: streams.length === 0 ? "silent" : verbose ? level : "info",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      base: { pid: process.pid, tier },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      ...(serializers ? { serializers } : {}),
    },
    pino.multistream(streams),
  );
}

const LEVEL_NAMES = new Set(["trace", "debug", "info", "warn", "error", "fatal"]);

/**
 * A line of either tier as the admin log view shows it, or undefined for a line that is not
 * one of ours (not JSON, no tier). A request line keeps its method, route, status and duration:
 * the API's route pattern, or the web tier's path, already without query and tokens.
 * @param {string} line
 * @returns {import("./log-format.d.mts").LogEntry | undefined}
 */
function parseLogLine(line) {
  let record;
  try {
    record = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!record || (record.tier !== "api" && record.tier !== "web")) return undefined;
  return {
    time: typeof record.time === "string" ? record.time : new Date().toISOString(),
    level: LEVEL_NAMES.has(record.level) ? record.level : "info",
    tier: record.tier,
    message: summarize(record),
    ...requestFields(record),
  };
}

/** @param {Record<string, unknown>} record */
function requestFields(record) {
  const route = typeof record.route === "string" ? record.route : record.path;
  if (typeof record.method !== "string" || typeof route !== "string") return {};
  return {
    method: record.method,
    route,
    ...(typeof record.status === "number" ? { status: record.status } : {}),
    ...(typeof record.ms === "number" ? { ms: record.ms } : {}),
  };
}

/**
 * The entry's message: the log message and, for an error, its type and its code (the API) or
 * the digest the error page shows (the web tier).
 * @param {Record<string, any>} record
 */
function summarize(record) {
  let message = typeof record.msg === "string" ? record.msg : "";
  const err = record.err;
  if (err && typeof err.type === "string") {
    const reference = err.errorCode ?? err.digest;
    message += `: ${err.type}${reference ? ` ${String(reference)}` : ""}`;
  }
  return message;
}

/**
 * Keeps the most recent log lines of this process in memory for the admin log view.
 * It is per process by design (the admin's view says which instance answered).
 */
export class LogRingBuffer extends Writable {
  /** @type {import("./log-format.d.mts").LogEntry[]} */
  #entries = [];
  #capacity;

  constructor(capacity = 500) {
    super();
    this.#capacity = capacity;
  }

  /**
   * @param {Buffer} chunk
   * @param {BufferEncoding} _encoding
   * @param {(error?: Error | null) => void} done
   */
  _write(chunk, _encoding, done) {
    for (const line of chunk.toString("utf8").split("\n")) {
      const entry = line ? parseLogLine(line) : undefined;
      if (!entry) continue;
      this.#entries.push(entry);
      if (this.#entries.length > this.#capacity)
        this.#entries.splice(0, this.#entries.length - this.#capacity);
    }
    done();
  }

  /** Newest first. */
  recent(limit = 100) {
    return this.#entries.slice(-limit).reverse();
  }
}
