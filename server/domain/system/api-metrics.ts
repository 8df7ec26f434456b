import type { DatabaseHandle } from "../../db";
import { type AppMetrics, createAppMetrics } from "../../infra/metrics/app-metrics";
import { contractRenderQueue } from "../../infra/pdf/render-queue";
import { outboxBacklog } from "../mail/outbox";

/**
 * The API's metrics on this database: the outbox read from it at each scrape, the pool's use on
 * PostgreSQL (nothing on PGlite, see DatabaseHandle.poolUse), and the contract render queue, which
 * is the process's. main.ts and the test app build theirs here and pass it to the app, the mail
 * sender and the periodic jobs.
 */
export function createApiMetrics(
  database: DatabaseHandle,
  options: { processMetrics?: boolean } = {},
): AppMetrics {
  return createAppMetrics({
    processMetrics: options.processMetrics,
    sources: {
      pool: database.poolUse,
      outbox: () => outboxBacklog(database.db),
      renderQueue: () => contractRenderQueue.load,
    },
  });
}
