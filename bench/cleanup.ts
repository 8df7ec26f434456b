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
