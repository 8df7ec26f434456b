import type { Logger } from "pino";
import type { LogRingBuffer } from "../../lib/runtime/log-format.mjs";

export type WebLog = {
  logger: Logger;
  /** For request lines only: without the redaction pass. */
  requestLines: Logger;
  ring?: LogRingBuffer;
};

export function createWebLog(options?: {
  level?: string;
  ring?: LogRingBuffer;
  destination?: NodeJS.WritableStream;
}): WebLog;
export function webLog(): WebLog & { ring: LogRingBuffer };
