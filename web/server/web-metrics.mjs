// The web tier's Prometheus metrics (web/server/web-server.mjs): request durations by route, method
// and status, and with `processMetrics` Node's process metrics (CPU, memory, event loop lag, GC),
// answered at /metrics to `Authorization: Bearer $METRICS_TOKEN` only. The API has its own
// (server/infra/metrics). Plain JavaScript: the web server runs it without a build.
import { collectDefaultMetrics, Histogram, Registry } from "prom-client";
import {
  bearerMatches,
  METRICS_PATH,
  methodLabel,
  REQUEST_DURATION_BUCKETS,
} from "../../lib/runtime/metrics-shared.mjs";
import { loggablePath } from "./request-log.mjs";

/**
 * Every page and route handler of app/ as a pattern (route groups left out, `[id]` as `:id`, as
 * loggablePath writes an id). A test compares it with app/, so a new page is not left out.
 */
export const WEB_ROUTES = [
  "/",
  "/login",
  "/register",
  "/password-reset",
  "/password-reset-set",
  "/dashboard",
  "/news",
  "/earnings",
  "/profile",
  "/two-factor",
  "/referral-management",
  "/company/profile",
  "/personal/profile",
  ...["company", "personal"].flatMap((type) =>
    ["complete-profile", "id-upload", "sign-contract", "resign-contract", "verify-email"].map(
      (step) => `/${type}-${step}`,
    ),
  ),
  "/admin/dashboard",
  "/admin/audit-log",
  "/admin/contract-dashboard",
  "/admin/contract-templates",
  "/admin/news",
  "/admin/partner-programme",
  "/admin/permission-management",
  "/admin/user-management",
  "/admin/user-management/profile/:id",
  "/admin/user-management/verify/:id",
  "/admin/user-management/view/:id",
  "/admin/verify-users",
  "/healthz",
  "/healthz/live",
  "/healthz/ready",
  "/webshop-access",
  "/oidc/*",
  "/.well-known/openid-configuration",
];
const KNOWN_ROUTES = new Set(WEB_ROUTES);

/**
 * The route label of a request. The Node server does not know which page Next will match, and
 * every distinct label value is a series Prometheus keeps for ever: a label taken from the path
 * would let anyone who requests /a1, /a2, … grow it without bound. So the path (as the request
 * log writes it, query string gone and ids and tokens replaced) is kept only when it is one of
 * the app's own routes; everything else falls into a fixed handful of buckets:
 * - `/api/*`: the BFF, whatever the call (the API's own /metrics has each call's route);
 * - `/oidc/*`: the webshop's sign-in, passed to the API's identity provider;
 * - `/_next/static/*` (build assets) and `/_next/*` (images and the rest of Next's own);
 * - `(file)`: a last segment with an extension (favicon.ico, icon.svg, the flags);
 * - `(other)`: anything else, unknown pages included (answered 404).
 * @param {string | undefined} url
 * @returns {string}
 */
export function webRouteOf(url) {
  const path = loggablePath(url);
  if (KNOWN_ROUTES.has(path)) return path;
  if (path === "/api" || path.startsWith("/api/")) return "/api/*";
  if (path.startsWith("/oidc/")) return "/oidc/*";
  if (path.startsWith("/_next/static/")) return "/_next/static/*";
  if (path.startsWith("/_next/")) return "/_next/*";
  if (/\.[A-Za-z0-9]{1,8}$/.test(path.slice(path.lastIndexOf("/")))) return "(file)";
  return "(other)";
}

const pathOf = (/** @type {string | undefined} */ url) => String(url ?? "/").split("?", 1)[0];

/**
 * The web tier's registry (one per server, not prom-client's global one, so tests can build
 * several) and the request handler's hook.
 * @param {{ token?: string, processMetrics?: boolean }} [options]
 *   token: METRICS_TOKEN; unset, /metrics is left to Next (a 404 like any unknown path).
 *   processMetrics: Node's default metrics, unprefixed (process_cpu_seconds_total,
 *   nodejs_heap_size_used_bytes, …); they start timers and observers of their own, so only the
 *   server turns them on.
 */
export function createWebMetrics(options = {}) {
  const { token, processMetrics = false } = options;
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Web tier requests by route (app pattern or bucket), method and status (aborted: the client left first)",
    labelNames: ["method", "route", "status"],
    buckets: REQUEST_DURATION_BUCKETS,
    registers: [registry],
  });

  /**
   * @param {import("node:http").IncomingMessage} request
   * @param {import("node:http").ServerResponse} response
   * @param {string} secret
   */
  async function answerScrape(request, response, secret) {
    response.setHeader("Cache-Control", "no-store");
    if (!bearerMatches(request.headers.authorization, secret)) {
      response.writeHead(401, {
        "Content-Type": "application/json",
        "WWW-Authenticate": 'Bearer realm="metrics"',
      });
      response.end(JSON.stringify({ error: { code: "UNAUTHORIZED", message: "You are not authorized." } }));
      return;
    }
    try {
      const body = await registry.metrics();
      response.writeHead(200, { "Content-Type": registry.contentType });
      response.end(request.method === "HEAD" ? undefined : body);
    } catch {
      response.writeHead(500, { "Content-Type": "text/plain" });
      response.end("metrics unavailable");
    }
  }

  return {
    registry,
    /**
     * Call first for every request. A scrape of /metrics (GET or HEAD, with METRICS_TOKEN set) is
     * answered here and returns true: it is neither measured nor logged, like the API's. Any
     * other request is timed until its response closes and returns false: hand it on.
     * @param {import("node:http").IncomingMessage} request
     * @param {import("node:http").ServerResponse} response
     * @returns {boolean}
     */
    handle(request, response) {
      if (
        token &&
        pathOf(request.url) === METRICS_PATH &&
        (request.method === "GET" || request.method === "HEAD")
      ) {
        void answerScrape(request, response, token);
        return true;
      }
      const started = performance.now();
      const method = methodLabel(request.method);
      // Taken now: Next may rewrite request.url while it handles the request.
      const route = webRouteOf(request.url);
      response.once("close", () => {
        const status = response.writableFinished ? String(response.statusCode) : "aborted";
        requestDuration.observe({ method, route, status }, (performance.now() - started) / 1000);
      });
      return false;
    },
  };
}
