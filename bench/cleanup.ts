// Every process, temp folder and database the bench creates registers how to undo itself here,
// so an interrupted or failing run still leaves nothing behind.
type Cleanup = () => Promise<void> | void;

const pending = new Set<() => Promise<void>>();

/** Registers a cleanup and returns a function that runs it at most once and unregisters it. */
export function registerCleanup(cleanup: Cleanup): () => Promise<void> {
  let started: Promise<void> | undefined;
  const run = () => {
    pending.delete(run);
    started ??= Promise.resolve().then(cleanup);
    return started;
  };
  pending.add(run);
  return run;
}

/** Runs whatever is still registered, newest first (a database outlives the server using it). */
export async function runAllCleanups(): Promise<void> {
  for (const run of [...pending].reverse()) {
    try {
      await run();
    } catch (error) {
      console.error(`[bench] cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * Runs `work` with `undoLater`, which takes how to undo what `work` just started (a server, a temp
 * folder, a database); afterwards everything taken is undone, newest first, however `work` ended.
 * A failed undo does not keep the older ones from running; the first failure (of `work`, else of
 * an undo) is thrown after them.
 */
export async function withCleanups<T>(
  work: (undoLater: (undo: () => Promise<void>) => void) => Promise<T>,
): Promise<T> {
  const undos: (() => Promise<void>)[] = [];
  let outcome: { value: T } | { error: unknown };
  try {
    outcome = { value: await work((undo) => void undos.push(undo)) };
  } catch (error) {
    outcome = { error };
  }
  for (const undo of undos.reverse()) {
    try {
      await undo();
    } catch (error) {
      if ("value" in outcome) outcome = { error };
    }
  }
  if ("error" in outcome) throw outcome.error;
  return outcome.value;
}
