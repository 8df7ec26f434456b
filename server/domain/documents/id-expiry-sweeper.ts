import type { Logger } from "pino";
import { type IdExpirySweepDeps, sweepIdExpiry } from "./id-expiry";

/** Expiry dates are whole days and the notice comes 30 days ahead: an hour late is no harm. */
const SWEEP_EVERY_MS = 60 * 60_000;
/** The first sweep waits until the start's own work is done. */
const FIRST_SWEEP_AFTER_MS = 30_000;

type IdExpirySweeper = {
  start(): void;
  /** Stops the schedule and waits for a sweep in progress; safe to call twice. */
  stop(): Promise<void>;
};

/**
 * Runs the ID expiry sweep in every API instance, hourly. Instances need not take turns: the
 * sweep locks what it marks (`SKIP LOCKED`), so each expiring ID is mailed once whichever
 * instance finds it first.
 */
export function createIdExpirySweeper(
  deps: IdExpirySweepDeps & { logger: Logger },
  { everyMs = SWEEP_EVERY_MS, firstAfterMs = FIRST_SWEEP_AFTER_MS } = {},
): IdExpirySweeper {
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;

  function schedule(ms: number) {
    if (!started) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    // A pending sweep never keeps a process alive that is otherwise done.
    timer.unref();
  }

  function run() {
    timer = undefined;
    pass = (async () => {
      try {
        const queued = await sweepIdExpiry(deps, new Date());
        if (queued > 0) deps.logger.info({ queued }, "ID expiry notices queued");
      } catch (error) {
        // The database may be away for a moment; the next sweep finds the same IDs.
        deps.logger.warn({ err: error }, "ID expiry sweep failed");
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
