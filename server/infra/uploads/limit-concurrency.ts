/**
 * Runs at most `slots` tasks at once; the rest wait in order. For work that costs a lot of
 * memory or CPU per task (decoding an image), so a burst of requests queues instead of piling up.
 */
export function limitConcurrency(slots: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `running` never dips in between.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
