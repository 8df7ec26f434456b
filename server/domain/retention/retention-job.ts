import type { Logger } from "pino";
import { createPeriodicJob, type PeriodicJob } from "../../infra/jobs/periodic-job";
import type { JobRecorder } from "../../infra/metrics/app-metrics";
import type { RetentionDeps } from "./retention-settings";
import { runRetention } from "./run-retention";

/** Retention periods are days and years: four runs a day are plenty. */
const RUN_EVERY_MS = 6 * 60 * 60_000;
/**
 * The first run waits until a start (or every instance restarting after a deploy) has done its
 * own work; nothing it removes is urgent.
 */
const FIRST_RUN_AFTER_MS = 10 * 60_000;

/**
 * Runs the retention job in every API instance, every six hours. Instances need not take turns:
 * each batch locks the rows it changes (`SKIP LOCKED`), so two runs at once share the work and
 * neither waits for the other or counts a row twice.
 */
export function createRetentionJob(
  deps: RetentionDeps & { logger: Logger; jobs?: JobRecorder },
  { everyMs = RUN_EVERY_MS, firstAfterMs = FIRST_RUN_AFTER_MS } = {},
): PeriodicJob {
  return createPeriodicJob(
    async () => {
      const startedAt = Date.now();
      const report = await runRetention(deps);
      deps.logger.info({ ...report, durationMs: Date.now() - startedAt }, "retention run finished");
    },
    {
      name: "retention",
      everyMs,
      firstAfterMs,
      jobs: deps.jobs,
      // The database may be away for a moment; the next run finds the same rows.
      onFailure: (error) => deps.logger.warn({ err: error }, "retention run failed"),
    },
  );
}
