import type { Logger } from "pino";
import type { RetentionDeps } from "./retention-settings";
import { runRetention } from "./run-retention";

/** Retention periods are days and years: four runs a day are plenty. */
const RUN_EVERY_MS = 6 * 60 * 60_000;
/**
 * The first run waits until a start (or every instance restarting after a deploy) has done its
 * own work; nothing it removes is urgent.
 */
const FIRST_RUN_AFTER_MS = 10 * 60_000;

type RetentionJob = {
  start(): void;
  /** Stops the schedule and waits for a run in progress to finish its batch; safe to call twice. */
  stop(): Promise<void>;
};

/**
 * Runs the retention job in every API instance, every six hours. Instances need not take turns:
 * each batch locks the rows it changes (`SKIP LOCKED`), so two runs at once share the work and
 * neither waits for the other or counts a row twice.
 */
export function createRetentionJob(
  deps: RetentionDeps & { logger: Logger },
  { everyMs = RUN_EVERY_MS, firstAfterMs = FIRST_RUN_AFTER_MS } = {},
): RetentionJob {
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;

  function schedule(ms: number) {
    if (!started) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    // A pending run never keeps a process alive that is otherwise done.
    timer.unref();
  }

  function run() {
    timer = undefined;
    pass = (async () => {
      const startedAt = Date.now();
      try {
        const report = await runRetention(deps);
        deps.logger.info({ ...report, durationMs: Date.now() - startedAt }, "retention run finished");
      } catch (error) {
        // The database may be away for a moment; the next run finds the same rows.
        deps.logger.warn({ err: error }, "retention run failed");
      } finally {
        pass = undefined;
        schedule(everyMs);
      }
    })();
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(firstAfterMs);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      await pass;
    },
  };
}
