import type { Server } from "node:http";

export function closeAfterDelay(
  server: Server,
  timings: { delayMs: number; graceMs: number },
): Promise<"drained" | "cut">;
