import { Writable } from "node:stream";
import type { Logger } from "pino";

export type LogTier = "api" | "web";

/** A line of the admin log view; request lines carry their method, route, status and duration. */
export type LogEntry = {
  time: string;
  level: string;
  tier: LogTier;
  message: string;
  method?: string;
  route?: string;
  status?: number;
  ms?: number;
};

export function createTierLogger(options: {
  tier: LogTier;
  level: string;
  ring?: LogRingBuffer;
  destination?: NodeJS.WritableStream;
  // biome-ignore lint/suspicious/noExplicitAny: pino's serializers take any value.
  serializers?: Record<string, (value: any) => unknown>;
}): Logger;

export class LogRingBuffer extends Writable {
  constructor(capacity?: number);
  /** Newest first. */
  recent(limit?: number): LogEntry[];
}
