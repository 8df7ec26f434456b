import { createGate } from "../limit-concurrency";

/** The render queue is full: the caller answers 503 with Retry-After instead of waiting. */
export class RenderQueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("render queue full");
    this.name = "RenderQueueFullError";
  }
}

/**
 * Who hears of each render's time in its slot and of each refusal: the app's metrics
 * (infra/metrics), handed down from the route. The queue is the process's, the metrics the app's.
 */
export type RenderObserver = { rendered(seconds: number): void; refused(): void };

export type RenderQueue = {
  /** Runs `task` in a slot, waiting in line if all are taken; throws RenderQueueFullError when the line is full too. */
  run<T>(task: () => Promise<T>, observer?: RenderObserver): Promise<T>;
  /** Tasks running and waiting, for tests and metrics. */
  readonly load: { running: number; waiting: number };
  readonly capacity: { slots: number; waiting: number };
};

/**
 * At most `slots` renders at once and at most `waiting` more in line; anything beyond is refused
 * at once. A render takes about 100 ms of CPU, so a short line clears in well under a second,
 * while an unbounded one would let a burst hold requests (and their memory) for as long as it
 * lasts.
 */
function createRenderQueue(options: {
  slots: number;
  waiting: number;
  retryAfterSeconds: number;
}): RenderQueue {
  const gate = createGate(options.slots);
  return {
    async run<T>(task: () => Promise<T>, observer?: RenderObserver): Promise<T> {
      if (gate.running() >= options.slots && gate.waiting() >= options.waiting) {
        observer?.refused();
        throw new RenderQueueFullError(options.retryAfterSeconds);
      }
      return gate.run(async () => {
        const started = performance.now();
        try {
          return await task();
        } finally {
          observer?.rendered((performance.now() - started) / 1000);
        }
      });
    },
    get load() {
      return { running: gate.running(), waiting: gate.waiting() };
    },
    capacity: { slots: options.slots, waiting: options.waiting },
  };
}

/**
 * Every PDF the API renders (contract signing, downloads, admin previews, payout statements)
 * shares these slots.
 */
export const contractRenderQueue = createRenderQueue({ slots: 2, waiting: 4, retryAfterSeconds: 2 });
