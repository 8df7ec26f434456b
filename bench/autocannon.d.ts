// autocannon ships no types and @types/autocannon is not installed: just the part the bench uses.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export type RawRequest = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  };

  /**
   * One step of a connection's request sequence. Every connection (client) gets a deep copy of
   * the steps (functions stay shared), and `context` is a fresh copy of `initialContext` each
   * time the sequence starts over, so with a single step it lasts from `setupRequest` to that
   * request's `onResponse`, no longer.
   */
  export type RequestStep = RawRequest & {
    setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest | undefined;
    /** `headers`: the response's headers by name as sent; a repeated one (Set-Cookie) as an array. */
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string | string[]>,
    ) => void;
  };

  export type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    connections?: number;
    duration?: number;
    /** Requests in all (each connection its share) instead of a duration. */
    amount?: number;
    timeout?: number;
    requests?: RequestStep[];
    warmup?: { connections?: number; duration?: number };
  };

  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  };

  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  };

  /** `stop` appears once the measured run starts (after any warm-up). */
  export type Instance = EventEmitter & PromiseLike<Result> & { stop?: () => void };

  function autocannon(options: Options): Instance;
  export default autocannon;
}
