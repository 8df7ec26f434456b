import type { Context } from "hono";
import { AppError } from "../errors";

/**
 * Runs a route's work; when it is refused with a 429 that knows its window, the answer carries
 * that wait in a Retry-After header too, so clients and proxies back off without reading the body.
 */
export async function withRetryAfter<T>(c: Context, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.status === 429) {
      const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (typeof seconds === "number") c.header("Retry-After", String(Math.max(1, Math.ceil(seconds))));
    }
    throw error;
  }
}
