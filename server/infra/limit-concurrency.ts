/**
 * Runs at most `slots` tasks at once; the rest wait in order. `running` and `waiting` tell how
 * many are in each state (for tests and the status page).
 */
export function createGate(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await task();
      } finally {
        // The slot passes straight to the next in line, so `running` never dips in between.
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    running: () => running,
    waiting: () => waiting.length,
  };
}

/**
 * The gate's `run` alone. For work that costs a lot of memory or CPU per task (decoding an
 * image), so a burst of requests queues instead of piling up.
 */
export function limitConcurrency(slots: number) {
  return createGate(slots).run;
}
