import type { PGlite } from "@electric-sql/pglite";
import { Hono } from "hono";
import { AppError } from "../errors";
import type { AppEnv } from "../http";
import { isBackupAuthorization } from "../infra/backup/backup-access";
import { dumpPglite } from "../infra/backup/pglite-dump";

/**
 * POST /internal/backup: a SQL dump of the embedded database for `npm run cli -- backup`
 * (infra/backup/backup-access.ts). Outside /api, so the web tier's BFF never forwards it;
 * mounted only on PGlite (PostgreSQL is dumped with pg_dump).
 */
export function createBackupRoutes(deps: { pglite: PGlite; token: string }) {
  const app = new Hono<AppEnv>();
  app.post("/backup", async (c) => {
    if (!isBackupAuthorization(c.req.header("authorization"), deps.token)) throw new AppError("UNAUTHORIZED");
    const started = performance.now();
    const dump = await dumpPglite(deps.pglite);
    // Requests waited this long: the dump holds the embedded database's locks.
    const ms = Math.round(performance.now() - started);
    c.var.log.info({ bytes: Buffer.byteLength(dump), ms }, "database dump taken for a backup");
    return c.body(dump, 200, {
      "content-type": "application/sql; charset=utf-8",
      "cache-control": "no-store",
    });
  });
  return app;
}
