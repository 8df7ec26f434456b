import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { systemApi } from "../../lib/api/system";
import {
  errorResponseSchema,
  healthResponseSchema,
  livenessResponseSchema,
  readinessResponseSchema,
  stoppingResponseSchema,
} from "../../lib/schemas/common";
import { type DatabaseHandle, migrationsFolder } from "../db";
import { checkReadiness, latestShippedMigration } from "../domain/system/readiness";
import type { AppEnv } from "../http";
import type { ObjectStorage } from "../infra/storage/types";

const healthRoute = createRoute({
  ...systemApi.health,
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

const liveRoute = createRoute({
  ...systemApi.live,
  summary: "Liveness: the process answers (restart it when this fails)",
  responses: {
    200: {
      description: "The process is up; nothing else is asked",
      content: { "application/json": { schema: livenessResponseSchema } },
    },
  },
});

const readyRoute = createRoute({
  ...systemApi.ready,
  summary: "Readiness: database, migrations and storage (send traffic only when this is 200)",
  responses: {
    200: {
      description: "The database answers with every migration of this build, the storage answers",
      content: { "application/json": { schema: readinessResponseSchema } },
    },
    503: {
      description:
        "A dependency does not answer or migrations are pending, or the instance is stopping (its shutdown delay: it still serves, but wants no new traffic)",
      content: { "application/json": { schema: readinessResponseSchema.or(stoppingResponseSchema) } },
    },
  },
});

/** The probes' paths; they are polled, so the request log leaves them out. */
export const HEALTH_PATHS = new Set<string>([
  systemApi.health.path,
  systemApi.live.path,
  systemApi.ready.path,
]);

export function registerSystemRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: {
    database: DatabaseHandle;
    storage: ObjectStorage;
    startedAt: number;
    readinessTimeoutMs?: number;
    /** True from SIGTERM on: readiness answers 503 while every other route still serves. */
    isStopping?: () => boolean;
  },
) {
  const uptimeSeconds = () => Math.round((Date.now() - deps.startedAt) / 1000);
  // Read once: the build's migrations do not change while it runs.
  let shippedMigration: number | undefined;

  app.openapi(healthRoute, async (c) => {
    try {
      await deps.database.ping();
      return c.json({ status: "ok" as const, database: "ok" as const, uptimeSeconds: uptimeSeconds() }, 200);
    } catch (error) {
      c.var.log.error({ err: error }, "health check: database unavailable");
      return c.json(
        { status: "degraded" as const, database: "unavailable" as const, uptimeSeconds: uptimeSeconds() },
        503,
      );
    }
  });

  app.openapi(liveRoute, (c) => c.json({ status: "ok" as const, uptimeSeconds: uptimeSeconds() }, 200));

  app.openapi(readyRoute, async (c) => {
    // Asked first and without the checks: the balancer should stop sending traffic at once.
    if (deps.isStopping?.()) return c.json({ status: "stopping" as const }, 503);
    shippedMigration ??= latestShippedMigration(migrationsFolder);
    const { ready, checks, errors } = await checkReadiness({
      database: deps.database,
      storage: deps.storage,
      shippedMigration,
      timeoutMs: deps.readinessTimeoutMs,
    });
    if (!ready) {
      const failed = Object.entries(errors).map(([check, error]) => ({ check, err: error }));
      c.var.log.warn({ checks, failed: failed.map((entry) => entry.check) }, "not ready");
      for (const { check, err } of failed) c.var.log.warn({ err }, `readiness: ${check} failed`);
    }
    return c.json({ status: ready ? ("ready" as const) : ("not_ready" as const), checks }, ready ? 200 : 503);
  });
}
