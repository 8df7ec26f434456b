// What both tiers' /metrics share (the web server's web/server/web-metrics.mjs, the API's
// server/routes/metrics.ts): who may read them, and the request histogram's shape, so one
// dashboard reads both alike. Plain JavaScript: the web server runs it without a build.
import crypto from "node:crypto";

export const METRICS_PATH = "/metrics";

/** Shorter tokens are refused at start: a scrape token guards numbers an attacker could use. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

/**
 * Request durations in seconds: page renders and API calls sit between 5 ms and a second; uploads
 * and contract renders may take several seconds, a slow upload up to REQUEST_TIMEOUT_SECONDS.
 */
export const REQUEST_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

// Anything else a client may send (Node accepts about 30 methods, and a proxy may pass more) is
// counted as OTHER, so the label cannot grow with what clients invent.
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The method label of a request.
 * @param {string | undefined} method
 * @returns {string}
 */
export function methodLabel(method) {
  const upper = String(method ?? "").toUpperCase();
  return KNOWN_METHODS.has(upper) ? upper : "OTHER";
}

/**
 * METRICS_TOKEN as configured: undefined when unset or empty (/metrics is off), else the token.
 * A token shorter than METRICS_TOKEN_MIN_LENGTH throws, so a typo stops the start instead of
 * guarding the endpoint with something guessable.
 * @param {Record<string, string | undefined>} env
 * @returns {string | undefined}
 */
export function metricsTokenFrom(env) {
  const token = env.METRICS_TOKEN;
  if (token === undefined || token === "") return undefined;
  if (token.length < METRICS_TOKEN_MIN_LENGTH) {
    throw new Error(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters long`);
  }
  return token;
}

const sha256 = (/** @type {string} */ text) => crypto.createHash("sha256").update(text).digest();

/**
 * Whether an Authorization header is `Bearer <token>`. Both sides are hashed before the
 * constant-time comparison, so neither the time taken nor an early length check tells a caller
 * how much of a guess was right.
 * @param {string | string[] | undefined} header
 * @param {string} token
 * @returns {boolean}
 */
export function bearerMatches(header, token) {
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^Bearer +(\S+) *$/i.exec(value ?? "");
  const equal = crypto.timingSafeEqual(sha256(match?.[1] ?? ""), sha256(token));
  return match !== null && equal;
}
