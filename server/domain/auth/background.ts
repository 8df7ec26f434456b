import type { Logger } from "pino";

/**
 * Work a response must not wait for: the answer to "send me a code/link" must take the same
 * time whether or not the account exists, so the account's side of it runs after.
 */
export function runInBackground(logger: Logger, what: string, work: () => Promise<unknown>): void {
  setImmediate(() => {
    work().catch((error) => logger.error({ err: error }, `${what} failed`));
  });
}
