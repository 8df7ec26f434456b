import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { errorResponseSchema, healthResponseSchema } from "../../lib/schemas/common";
import type { DatabaseHandle } from "../db";
import type { AppEnv } from "../http";

const healthRoute = createRoute({
  method: "get",
  path: "/api/health",
  summary: "Liveness and database check",
  responses: {
    200: {
      description: "API and database answer",
      content: { "application/json": { schema: healthResponseSchema } },
    },
    503: {
      description: "The database does not answer",
      content: { "application/json": { schema: healthResponseSchema.or(errorResponseSchema) } },
    },
  },
});

export function registerSystemRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: { database: DatabaseHandle; startedAt: number },
) {
  app.openapi(healthRoute, async (c) => {
    const uptimeSeconds = Math.round((Date.now() - deps.startedAt) / 1000);
    try {
      await deps.database.ping();
      return c.json({ status: "ok" as const, database: "ok" as const, uptimeSeconds }, 200);
    } catch (error) {
      c.var.log.error({ err: error }, "health check: database unavailable");
      return c.json({ status: "degraded" as const, database: "unavailable" as const, uptimeSeconds }, 503);
    }
  });
}
