/** The render queue is full: the caller answers 503 with Retry-After instead of waiting. */
export class RenderQueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("render queue full");
    this.name = "RenderQueueFullError";
  }
}

export type RenderQueue = {
  /** Runs `task` in a slot, waiting in line if all are taken; throws RenderQueueFullError when the line is full too. */
  run<T>(task: () => Promise<T>): Promise<T>;
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
  let running = 0;
  const line: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= options.slots) {
        if (line.length >= options.waiting) throw new RenderQueueFullError(options.retryAfterSeconds);
        await new Promise<void>((resolve) => line.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await task();
      } finally {
        // The slot passes straight to the next in line, so `running` never dips in between.
        const next = line.shift();
        if (next) next();
        else running -= 1;
      }
    },
    get load() {
      return { running, waiting: line.length };
    },
    capacity: { slots: options.slots, waiting: options.waiting },
  };
}

/** Every contract PDF the API renders (signing, downloads, admin previews) shares these slots. */
export const contractRenderQueue = createRenderQueue({ slots: 2, waiting: 4, retryAfterSeconds: 2 });
