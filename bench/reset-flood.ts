import crypto from "node:crypto";
import { authApi } from "../lib/api/auth";
import { systemApi } from "../lib/api/system";

// A flood of anonymous reset-password calls with made-up tokens while /api/health is sampled one
// request at a time: how much the flood slows everyone else. Before the API checked the token and
// the per-IP limit first, each of these calls cost an argon2id hash (≈ 19 MB and tens of ms of a
// libuv thread), and health checks queued behind them.

export type ResetFloodResult = {
  calls: number;
  concurrency: number;
  floodMs: number;
  statusCodes: Record<string, number>;
  healthSamples: number;
  healthP50Ms: number;
  healthP99Ms: number;
  healthMaxMs: number;
  healthFailures: number;
};

const PASSWORD = "Bench-reset-password-1!";

/** Nearest-rank percentile of sorted values, rounded to 0.01 ms; 0 when there are none. */
function percentile(sorted: number[], percent: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.ceil((percent / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, rank)] ?? 0) * 100) / 100;
}

/**
 * Fires `calls` POST /api/auth/reset-password with random tokens, `concurrency` at a time, while a
 * sampler asks /api/health back to back until the flood is over. `forwardedFor` gives each call's
 * X-Forwarded-For (the API believes it from loopback), undefined for the caller's own address.
 */
export async function resetFloodWithHealth(
  apiUrl: string,
  options: { calls: number; concurrency: number; forwardedFor?: (index: number) => string },
): Promise<ResetFloodResult> {
  const statusCodes: Record<string, number> = {};
  const health: number[] = [];
  let healthFailures = 0;
  let flooding = true;

  const sampler = (async () => {
    while (flooding) {
      const started = performance.now();
      try {
        const response = await fetch(new URL(systemApi.health.path, apiUrl));
        await response.arrayBuffer();
        if (response.status !== 200) healthFailures += 1;
      } catch {
        healthFailures += 1;
      }
      health.push(performance.now() - started);
    }
  })();

  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < options.calls) {
      const index = next;
      next += 1;
      const response = await fetch(new URL(authApi.resetPassword.path, apiUrl), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(options.forwardedFor ? { "x-forwarded-for": options.forwardedFor(index) } : {}),
        },
        body: JSON.stringify({ token: crypto.randomBytes(32).toString("base64url"), newPassword: PASSWORD }),
      });
      await response.arrayBuffer();
      statusCodes[response.status] = (statusCodes[response.status] ?? 0) + 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    flooding = false;
    await sampler;
  }
  const floodMs = performance.now() - started;

  health.sort((a, b) => a - b);
  return {
    calls: options.calls,
    concurrency: options.concurrency,
    floodMs: Math.round(floodMs),
    statusCodes,
    healthSamples: health.length,
    healthP50Ms: percentile(health, 50),
    healthP99Ms: percentile(health, 99),
    healthMaxMs: Math.round((health.at(-1) ?? 0) * 100) / 100,
    healthFailures,
  };
}
