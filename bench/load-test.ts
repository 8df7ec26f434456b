import autocannon, { type Instance, type Options, type RequestStep, type Result } from "autocannon";
import { type CpuUse, startCpuCount } from "./cpu-use";

export type LoadSettings = {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
};

export type LoadTarget = {
  url: string;
  /** A new path (with query) for every request, so different rows or pages are hit. */
  nextPath?: () => string;
  /** The status this scenario expects; by default any 2xx. */
  expectedStatus?: number;
  /** Method, headers and body of every request (default GET, no body). */
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * autocannon's request steps, for requests that change with each call (a body per user, a
   * cookie per connection). They replace `nextPath`; `method`, `headers` and `body` still give
   * the defaults the steps start from.
   */
  requests?: RequestStep[];
  /**
   * Measured by count instead of by time: exactly this many requests over all connections (each
   * connection its share), no warm-up; req/s is their number over the time to the last answer.
   */
  amount?: number;
};

export type Measurement = {
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** Answers whose status is not the expected one (any non-2xx unless a status is expected). */
  unexpectedStatus: number;
  statusCodes: Record<string, number>;
  /** Who spent how much CPU per answer during the measured seconds (null off Linux). */
  cpu: CpuUse | null;
};

let activeRun: Instance | undefined;

/**
 * Stops the measurement under way, so servers stopped next see no load (Next waits for open
 * connections before it exits). autocannon gives the run its `stop` only after the warm-up.
 */
export function stopActiveLoad() {
  activeRun?.stop?.();
  activeRun = undefined;
}

/** One autocannon run (after a warm-up whose numbers are thrown away). */
export async function measure(target: LoadTarget, settings: LoadSettings): Promise<Measurement> {
  const { nextPath } = target;
  const options: Options = {
    url: target.url,
    ...(target.method ? { method: target.method } : {}),
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.body !== undefined ? { body: target.body } : {}),
    connections: settings.connections,
    ...(target.amount !== undefined
      ? { amount: target.amount }
      : {
          duration: settings.durationSeconds,
          ...(settings.warmupSeconds > 0
            ? { warmup: { connections: settings.connections, duration: settings.warmupSeconds } }
            : {}),
        }),
    ...(target.requests
      ? { requests: target.requests }
      : nextPath
        ? {
            requests: [
              {
                setupRequest: (request) => {
                  request.path = nextPath();
                  return request;
                },
              },
            ],
          }
        : {}),
  };
  const run = autocannon(options);
  // autocannon's histogram keeps whole milliseconds (a 0.3 ms answer reads as 0), so the
  // percentiles come from every response's own time. Only the measured run emits here: the
  // warm-up has a tracker of its own.
  const latencies: number[] = [];
  // The measured run's tracker says "start" after the warm-up, so the warm-up's CPU is left out.
  let cpuCount: ReturnType<typeof startCpuCount> | undefined;
  // By count, autocannon ends on its next whole second after the last answer: time it here.
  let startedAt = 0;
  let lastAnswerAt = 0;
  run.on("start", () => {
    cpuCount = startCpuCount();
    startedAt = performance.now();
  });
  run.on("response", (_client: unknown, _status: number, _bytes: number, responseTimeMs: number) => {
    latencies.push(responseTimeMs);
    lastAnswerAt = performance.now();
  });
  activeRun = run;
  let result: Result;
  try {
    result = await run;
  } finally {
    activeRun = undefined;
  }
  const cpu = cpuCount?.end(latencies.length) ?? null;
  latencies.sort((a, b) => a - b);

  const statusCodes: Record<string, number> = {};
  let unexpectedStatus = 0;
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) {
    statusCodes[code] = count;
    const status = Number(code);
    const expected = target.expectedStatus ? status === target.expectedStatus : status >= 200 && status < 300;
    if (!expected) unexpectedStatus += count;
  }
  return {
    requestsPerSecond:
      target.amount !== undefined
        ? latencies.length / (Math.max(1, lastAnswerAt - startedAt) / 1000)
        : result.requests.average,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    errors: result.errors,
    non2xx: result.non2xx,
    unexpectedStatus,
    statusCodes,
    cpu,
  };
}

/** Nearest-rank percentile of sorted values, rounded to 0.01 ms; 0 when there are none. */
function percentile(sorted: number[], percent: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.ceil((percent / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, rank)] ?? 0) * 100) / 100;
}
