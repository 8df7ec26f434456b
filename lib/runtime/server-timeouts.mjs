// The timeouts of both tiers' HTTP servers: one formula, read by the API (server/infra/http/) and
// by the web server (web/server/), which runs it without a build. Node's own defaults give a
// request 5 minutes and its headers a minute, and check them only every 30 s.

/**
 * The whole request (headers and body) must arrive within this, unless configured. Long enough
 * for the largest form, two 10 MB ID images, over a 1 Mbit/s mobile link (about 170 s); short
 * enough that a client dripping a byte now and then (never silent long enough for the body idle
 * guard) lets go of its connection within minutes.
 */
export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 300;

/** The request line and headers are a few KB: a client that takes longer is stalling. */
const HEADERS_TIMEOUT_MS = 20_000;

/**
 * Options for an HTTP server. Node answers a request that overruns either limit with 408 and
 * closes its connection. Node checks the limits only every `connectionsCheckingInterval` (30 s
 * by default, which would stretch a 20 s limit to 50 s), so the check runs more often.
 * @param {number} requestTimeoutSeconds
 * @returns {import("node:http").ServerOptions}
 */
export function serverTimeoutOptions(requestTimeoutSeconds) {
  const requestTimeout = requestTimeoutSeconds * 1000;
  return {
    requestTimeout,
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
    connectionsCheckingInterval: Math.min(2_000, Math.max(100, Math.floor(requestTimeout / 10))),
  };
}
