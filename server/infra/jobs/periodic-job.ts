/** A piece of work run on a schedule in every API instance (see createPeriodicJob). */
export type PeriodicJob = {
  start(): void;
  /** Stops the schedule and waits for a pass in progress to finish; safe to call twice. */
  stop(): Promise<void>;
};

/**
 * Runs `pass` first `firstAfterMs` after start, then `everyMs` after each pass ends (never two at
 * once in one process). A pending pass never keeps a process alive that is otherwise done. The
 * pass handles its own failures (the database may be away for a moment: the next pass finds the
 * same rows); whatever it throws still schedules the next one.
 */
export function createPeriodicJob(
  pass: () => Promise<void>,
  { everyMs, firstAfterMs }: { everyMs: number; firstAfterMs: number },
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
