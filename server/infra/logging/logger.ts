import { Writable } from "node:stream";
import pino, { type Logger } from "pino";
import { serializeError } from "./safe-error";

/** A line of the admin log view; request lines carry their method, route, status and duration. */
export type LogEntry = {
  time: string;
  level: string;
  message: string;
  method?: string;
  route?: string;
  status?: number;
  ms?: number;
};

const levelNames: Record<number, string> = {
  10: "trace",
  20: "debug",
  30: "info",
  40: "warn",
  50: "error",
  60: "fatal",
};

/**
 * Keeps the most recent log lines of this process in memory for the admin log view.
 * It is per instance by design (the admin's view says which instance answered).
 */
export class LogRingBuffer extends Writable {
  private readonly entries: LogEntry[] = [];

  constructor(private readonly capacity = 500) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line) continue;
      try {
        const record = JSON.parse(line) as LogRecord;
        this.add({
          time: new Date(record.time ?? Date.now()).toISOString(),
          level: levelNames[record.level ?? 30] ?? "info",
          message: summarize(record),
          ...requestFields(record),
        });
      } catch {
        // A line that is not JSON is not ours to keep.
      }
    }
    done();
  }

  add(entry: LogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  /** Newest first. */
  recent(limit = 100): LogEntry[] {
    return this.entries.slice(-limit).reverse();
  }
}

type LogRecord = {
  time?: number;
  level?: number;
  msg?: string;
  method?: unknown;
  route?: unknown;
  status?: unknown;
  ms?: unknown;
  err?: { type?: unknown; errorCode?: unknown };
};

/** A request line's own columns in the admin log view (the route is a pattern, never a path). */
function requestFields(record: LogRecord): Pick<LogEntry, "method" | "route" | "status" | "ms"> {
  if (typeof record.method !== "string" || typeof record.route !== "string") return {};
  return {
    method: record.method,
    route: record.route,
    ...(typeof record.status === "number" ? { status: record.status } : {}),
    ...(typeof record.ms === "number" ? { ms: record.ms } : {}),
  };
}

/** The entry's message: the log message and, for an error, its type and code. */
function summarize(record: LogRecord): string {
  let message = record.msg ?? "";
  if (record.err && typeof record.err.type === "string") {
    message += `: ${record.err.type}${record.err.errorCode ? ` ${String(record.err.errorCode)}` : ""}`;
  }
  return message;
}

// Secrets and identity data never reach a log line.
const sensitiveKeys = [
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
const redactPaths = [
  ...sensitiveKeys,
  ...sensitiveKeys.map((key) => `*.${key}`),
  ...sensitiveKeys.map((key) => `*.*.${key}`),
  'req.headers["authorization"]',
  'req.headers["cookie"]',
  'res.headers["set-cookie"]',
];

export type LoggerOptions = {
  level: string;
  ring?: LogRingBuffer;
  /** Where JSON lines go besides the ring; defaults to stdout. */
  destination?: NodeJS.WritableStream;
};

export function createLogger({ level, ring, destination = process.stdout }: LoggerOptions): Logger {
  const streams: pino.StreamEntry[] = [];
  if (level !== "silent") streams.push({ level: level as pino.Level, stream: destination });
  if (ring) streams.push({ level: "info", stream: ring });
  // The logger itself must pass everything that at least one stream wants.
  const verbose = level === "debug" || level === "trace";
  return pino(
    {
      level: streams.length === 0 ? "silent" : verbose ? level : "info",
      redact: { paths: redactPaths, censor: "[redacted]" },
      // Errors without their bound values (safe-error.ts), under whichever key they are logged.
      serializers: { err: serializeError, error: serializeError },
      base: { pid: process.pid },
    },
    pino.multistream(streams),
  );
}
