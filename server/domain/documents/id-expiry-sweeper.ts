import type { Logger } from "pino";
import { createPeriodicJob, type PeriodicJob } from "../../infra/jobs/periodic-job";
import type { JobRecorder } from "../../infra/metrics/app-metrics";
import { type IdExpirySweepDeps, sweepIdExpiry } from "./id-expiry";

/** Expiry dates are whole days and the notice comes 30 days ahead: an hour late is no harm. */
const SWEEP_EVERY_MS = 60 * 60_000;
/** The first sweep waits until the start's own work is done. */
const FIRST_SWEEP_AFTER_MS = 30_000;

/**
 * Runs the ID expiry sweep in every API instance, hourly. Instances need not take turns: the
 * sweep locks what it marks (`SKIP LOCKED`), so each expiring ID is mailed once whichever
 * instance finds it first.
 */
export function createIdExpirySweeper(
  deps: IdExpirySweepDeps & { logger: Logger; jobs?: JobRecorder },
  { everyMs = SWEEP_EVERY_MS, firstAfterMs = FIRST_SWEEP_AFTER_MS } = {},
): PeriodicJob {
  return createPeriodicJob(
    async () => {
      const queued = await sweepIdExpiry(deps, new Date());
      if (queued > 0) deps.logger.info({ queued }, "ID expiry notices queued");
    },
    {
      name: "id_expiry",
      everyMs,
      firstAfterMs,
      jobs: deps.jobs,
      // The database may be away for a moment; the next sweep finds the same IDs.
      onFailure: (error) => deps.logger.warn({ err: error }, "ID expiry sweep failed"),
    },
  );
}
