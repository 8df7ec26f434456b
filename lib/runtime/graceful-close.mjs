// How both tiers' HTTP servers stop behind a balancer, written once for the API
// (server/infra/http/) and the web server (web/server/), which runs it without a build.
import { setTimeout as sleep } from "node:timers/promises";

/** How often connections that fell idle during a shutdown are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops a server the way a rolling restart needs: no new connections from now on (the port is
 * closed at once), requests under way (an upload in progress) run to their end, and a
 * connection is closed as soon as it has no request, so keep-alive clients cannot hold the
 * process. What still runs after `graceMs` is cut.
 * @param {import("node:http").Server} server
 * @param {number} graceMs
 * @returns {Promise<"drained" | "cut">}
 */
function closeGracefully(server, graceMs) {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const cut = setTimeout(() => {
      clearInterval(sweep);
      server.closeAllConnections();
      resolve("cut");
    }, graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve("drained");
    });
    server.closeIdleConnections();
  });
}

/**
 * The whole stop of an instance behind a balancer: for `delayMs` the server goes on serving every
 * request (the caller has already turned readiness to 503, so the balancer takes the instance out
 * while its requests still succeed, instead of finding a closed port), then closeGracefully.
 * @param {import("node:http").Server} server
 * @param {{ delayMs: number; graceMs: number }} timings
 * @returns {Promise<"drained" | "cut">}
 */
export async function closeAfterDelay(server, { delayMs, graceMs }) {
  if (delayMs > 0) await sleep(delayMs);
  return closeGracefully(server, graceMs);
}
