// Serves the Next.js web tier. What it adds to `next start`: X-Forwarded-For is set from the
// connection, so the client IP the API rate-limits by cannot be forged by a header (behind
// TRUST_PROXY_HOPS proxies listed in TRUSTED_PROXIES, the address the outermost of them saw is
// used instead), and X-Forwarded-Proto and -Host are dropped unless a trusted proxy sent them;
// and every request gets a request id, passed to the API, and one JSON log line
// (web/server/request-log.mjs); with METRICS_TOKEN set, /metrics answers Prometheus
// (web/server/web-metrics.mjs).
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { metricsTokenFrom } from "../../lib/runtime/metrics-shared.mjs";
import { DEFAULT_TRUSTED_PROXIES, parseTrustedProxies } from "../../lib/runtime/trusted-proxies.mjs";
import { settleForwardedHeaders } from "./client-address.mjs";
import { shutdownTimings, stopGracefully } from "./graceful-stop.mjs";
import { logRequest } from "./request-log.mjs";
import { webServerOptions } from "./server-timeouts.mjs";
import { webLog } from "./web-log.mjs";
import { createWebMetrics } from "./web-metrics.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
const trustedHops = Number(process.env.TRUST_PROXY_HOPS || 0);
/**
 * A setting read at start: a malformed one (a typo in TRUSTED_PROXIES would trust nobody, or
 * everybody) stops the start with what is wrong, instead of the first request failing.
 * @template T
 * @param {string} prefix what the message starts with ("NAME: " when the error does not say it)
 * @param {() => T} read
 * @returns {T}
 */
function atStart(prefix, read) {
  try {
    return read();
  } catch (error) {
    console.error(`Invalid web tier configuration:\n  ${prefix}${error.message}`);
    process.exit(1);
  }
}
const trustedProxies = atStart("TRUSTED_PROXIES: ", () =>
  parseTrustedProxies(process.env.TRUSTED_PROXIES || DEFAULT_TRUSTED_PROXIES),
);
const shutdown = atStart("", () => shutdownTimings(process.env));
const metricsToken = atStart("", () => metricsTokenFrom(process.env));
// Request durations are always counted (cheap); Node's process metrics only for a scraper.
const metrics = createWebMetrics({ token: metricsToken, processMetrics: metricsToken !== undefined });

const app = next({ dev, dir: root });
await app.prepare();
const handle = app.getRequestHandler();

// The whole request within REQUEST_TIMEOUT_SECONDS, its headers within 20 s (web/server/server-timeouts.mjs).
const server = http.createServer(webServerOptions(process.env), (request, response) => {
  // A scrape is answered here, before Next, and not logged (it comes every few seconds).
  if (metrics.handle(request, response)) return;
  logRequest(request, response);
  settleForwardedHeaders(request.headers, request.socket.remoteAddress ?? "", {
    hops: trustedHops,
    trusted: trustedProxies,
  });
  handle(request, response);
});
server.listen(port, () => webLog().logger.info({ port, dev }, "web tier listening"));

// Readiness (/healthz/ready) answers 503 for SHUTDOWN_DELAY_SECONDS while everything else is
// served; then no new connections, requests under way (an upload on its way to the API) finish
// within SHUTDOWN_GRACE_SECONDS, idle keep-alive connections are closed so they cannot hold us.
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  stopGracefully(server, shutdown).then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
