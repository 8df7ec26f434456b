// How the web tier's server (web/server/web-server.mjs) stops, the way the API does
// (lib/runtime/graceful-close.mjs): first the shutdown delay, in which readiness answers 503
// but every request is still served, so a balancer takes the instance out of rotation before its
// port closes; then no new connections, requests under way (an upload on its way to the API) run
// to their end within the grace period, and idle keep-alive connections are closed so they
// cannot hold the process.
import { closeAfterDelay } from "../../lib/runtime/graceful-close.mjs";

/**
 * Where the "stopping" flag lives. Readiness is answered inside Next's bundle (web/health.ts),
 * which has its own copy of every module but shares globalThis and the global symbol registry
 * with this server, so the flag is a property under a registered symbol.
 */
const STOPPING = Symbol.for("partner-platform.web-tier.stopping");

/**
 * @param {string | undefined} raw
 * @param {{ name: string; fallback: number; max: number }} setting
 */
function seconds(raw, { name, fallback, max }) {
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new Error(`${name} must be a whole number of seconds from 0 to ${max}, not "${raw}"`);
  }
  return value;
}

/**
 * SHUTDOWN_DELAY_SECONDS (default 5) and SHUTDOWN_GRACE_SECONDS (default 20), in ms, with the
 * API's limits (server/env.ts). A malformed value stops the start.
 * @param {Record<string, string | undefined>} env
 */
export function shutdownTimings(env) {
  return {
    delayMs:
      seconds(env.SHUTDOWN_DELAY_SECONDS, { name: "SHUTDOWN_DELAY_SECONDS", fallback: 5, max: 600 }) * 1000,
    graceMs:
      seconds(env.SHUTDOWN_GRACE_SECONDS, { name: "SHUTDOWN_GRACE_SECONDS", fallback: 20, max: 3600 }) * 1000,
  };
}

/**
 * Marks the process as stopping, serves on for `delayMs`, then closes the server: resolves
 * "drained" when the last request ended, "cut" when some still ran after `graceMs` and their
 * connections were closed.
 * @param {import("node:http").Server} server
 * @param {{ delayMs: number; graceMs: number }} timings
 * @returns {Promise<"drained" | "cut">}
 */
export async function stopGracefully(server, timings) {
  globalThis[STOPPING] = true;
  return closeAfterDelay(server, timings);
}
