import type { JobName, JobRecorder } from "../metrics/app-metrics";

/** A piece of work run on a schedule in every API instance (see createPeriodicJob). */
export type PeriodicJob = {
  start(): void;
  /** Stops the schedule and waits for a pass in progress to finish; safe to call twice. */
  stop(): Promise<void>;
};

/**
 * Runs `pass` first `firstAfterMs` after start, then `everyMs` after each pass ends (never two at
 * once in one process). A pending pass never keeps a process alive that is otherwise done. A pass
 * that throws is handed to `onFailure` (the job logs it: the database may be away for a moment,
 * and the next pass finds the same rows) and the next one is scheduled all the same. Each pass is
 * reported to `jobs` under `name`, failed or not, for the metrics.
 */
export function createPeriodicJob(
  pass: () => Promise<void>,
  {
    name,
    everyMs,
    firstAfterMs,
    onFailure,
    jobs,
  }: {
    name: JobName;
    everyMs: number;
    firstAfterMs: number;
    onFailure: (error: unknown) => void;
    jobs?: JobRecorder;
  },
): PeriodicJob {
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  function schedule(ms: number) {
    if (!started) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  }

  function run() {
    timer = undefined;
    running = pass()
      .then(
        () => jobs?.recordJobRun(name, "ok"),
        (error: unknown) => {
          jobs?.recordJobRun(name, "failed");
          onFailure(error);
        },
      )
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
        schedule(everyMs);
      });
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
      await running;
    },
  };
}
