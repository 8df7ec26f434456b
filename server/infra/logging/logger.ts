import type { Logger } from "pino";
import { createTierLogger, type LogRingBuffer } from "../../../lib/runtime/log-format.mjs";
import { serializeError } from "./safe-error";

// The format, the redaction and the admin log view's buffer are the web tier's too.
export { LogRingBuffer } from "../../../lib/runtime/log-format.mjs";

export type LoggerOptions = {
  level: string;
  ring?: LogRingBuffer;
  /** Where JSON lines go besides the ring; defaults to stdout. */
  destination?: NodeJS.WritableStream;
};

export function createLogger({ level, ring, destination = process.stdout }: LoggerOptions): Logger {
  return createTierLogger({
    tier: "api",
    level,
    ring,
    destination,
    // Errors without their bound values (safe-error.ts), under whichever key they are logged.
    serializers: { err: serializeError, error: serializeError },
  });
}
