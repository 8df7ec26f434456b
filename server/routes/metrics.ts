import type { OpenAPIHono } from "@hono/zod-openapi";
import { bearerMatches, METRICS_PATH } from "../../lib/runtime/metrics-shared.mjs";
import { errorBody } from "../errors";
import type { AppEnv } from "../http";
import type { AppMetrics } from "../infra/metrics/app-metrics";

/**
 * GET /metrics: this instance's metrics in Prometheus' text format, to `Authorization: Bearer
 * <METRICS_TOKEN>` only (401 otherwise). Mounted only with a token; without one the path is
 * unknown (404). Outside /api, so the web tier's BFF never forwards it: a scraper reaches each API
 * instance on its own address. Not in the OpenAPI document, which describes the BFF's API.
 */
export function registerMetricsRoute(app: OpenAPIHono<AppEnv>, deps: { metrics: AppMetrics; token: string }) {
  app.get(METRICS_PATH, async (c) => {
    if (!bearerMatches(c.req.header("authorization"), deps.token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json(errorBody("UNAUTHORIZED"), 401);
    }
    const text = await deps.metrics.registry.metrics();
    return c.body(text, 200, { "Content-Type": deps.metrics.registry.contentType });
  });
}
