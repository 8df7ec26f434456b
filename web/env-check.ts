import { webEnv } from "./env";

/**
 * The web tier's configuration checked once at server start (instrumentation.ts `register`), so a
 * bad value stops the process before it takes a request instead of failing the first page. The
 * problem list goes to stderr as it is (no stack: the message says everything) and the process
 * exits 1, like the API with an invalid configuration.
 */
export function checkWebEnvAtStart(): void {
  try {
    webEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
