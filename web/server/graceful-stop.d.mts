import type { Server } from "node:http";

export function shutdownTimings(env: Record<string, string | undefined>): {
  delayMs: number;
  graceMs: number;
};
export function stopGracefully(
  server: Server,
  timings: { delayMs: number; graceMs: number },
): Promise<"drained" | "cut">;
