import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { z } from "zod";
import { methodLabel, REQUEST_DURATION_BUCKETS } from "../../../lib/runtime/metrics-shared.mjs";
import type { metricsSummarySchema } from "../../../lib/schemas/admin";

type MetricsSummary = z.infer<typeof metricsSummarySchema>;

/** The API's periodic work: the ID expiry sweep, the retention job and the mail sender's passes. */
export type JobName = "id_expiry" | "retention" | "mail_outbox" | "commission_hold";

/** What a periodic job reports after each pass (infra/jobs/periodic-job.ts, domain/mail/sender.ts). */
export type JobRecorder = { recordJobRun(job: JobName, outcome: "ok" | "failed"): void };

export type SignInMethod = "password" | "email_code" | "second_factor";

/** How a sign-in attempt ended (domain/auth/sign-in-outcome.ts). */
export type SignInOutcome =
  | "success"
  | "second_step_required"
  | "wrong_credentials"
  | "wrong_code"
  | "challenge_expired"
  | "throttled"
  | "suspended"
  | "refused"
  | "error";

/** PostgreSQL's connection pool (node-postgres' totalCount, idleCount, waitingCount and max). */
type PoolUse = { total: number; idle: number; waiting: number; max: number };

/** The mail outbox as the database has it (domain/mail/outbox.ts outboxBacklog). */
type OutboxBacklog = { pending: number; failed: number; oldestPendingSeconds: number };

/** What the gauges read when they are scraped; a source left out has no series. */
export type MetricSources = {
  /** Only on PostgreSQL: the embedded database is one connection inside this process. */
  pool?: () => PoolUse;
  outbox?: () => Promise<OutboxBacklog>;
  renderQueue?: () => { running: number; waiting: number };
};

export type AppMetrics = JobRecorder & {
  registry: Registry;
  /** Since when the counters count: this instance's start. */
  readonly since: Date;
  /** One answered request; `route` is the matched pattern, never the path (tokens travel in paths). */
  observeRequest(request: { method: string; route: string; status: number; seconds: number }): void;
  recordSignIn(method: SignInMethod, outcome: SignInOutcome): void;
  /** The contract renderer's report (infra/pdf/render-queue.ts RenderObserver). */
  pdfRenders: { rendered(seconds: number): void; refused(): void };
  /** The main figures for the admin's server status. */
  summary(): Promise<MetricsSummary>;
};

/** The outbox is read once per scrape for its three gauges, not three times. */
const OUTBOX_READ_REUSE_MS = 1_000;

const SIGN_IN_SUCCESSES: ReadonlySet<string> = new Set(["success", "second_step_required"]);

/**
 * Prometheus' histogram_quantile over buckets added up across every label set: the upper bound of
 * the bucket the rank falls in, interpolated linearly inside it; in the +Inf bucket, the largest
 * finite bound. Undefined without observations.
 */
export function histogramQuantile(
  quantile: number,
  buckets: ReadonlyArray<{ le: number; count: number }>,
): number | undefined {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted.at(-1)?.count ?? 0;
  if (total === 0) return undefined;
  const rank = quantile * total;
  let lowerBound = 0;
  let below = 0;
  for (const { le, count } of sorted) {
    if (count >= rank) {
      if (!Number.isFinite(le)) return lowerBound;
      if (count === below) return le;
      return lowerBound + ((le - lowerBound) * (rank - below)) / (count - below);
    }
    lowerBound = le;
    below = count;
  }
  return lowerBound;
}

/**
 * The API's metrics in a registry of their own (not prom-client's global one, so tests that build
 * several apps in one process do not collide). Counters and histograms are this process's since
 * its start; the gauges read their sources when scraped. With `processMetrics`, Node's default
 * metrics are added unprefixed (process_cpu_seconds_total, nodejs_heap_size_used_bytes, …): they
 * start observers of their own that never stop, so only the server turns them on.
 */
export function createAppMetrics(
  options: { sources?: MetricSources; processMetrics?: boolean } = {},
): AppMetrics {
  const sources = options.sources ?? {};
  const registry = new Registry();
  const registers = [registry];
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "API requests by route pattern, method and status (health probes and scrapes left out)",
    labelNames: ["method", "route", "status"] as const,
    buckets: REQUEST_DURATION_BUCKETS,
    registers,
  });
  const rateLimitRefusals = new Counter({
    name: "rate_limit_refusals_total",
    help: "Requests refused with 429 (a rate limit or too many wrong codes), by route pattern",
    labelNames: ["route"] as const,
    registers,
  });
  const signIns = new Counter({
    name: "sign_ins_total",
    help: "Sign-in attempts by method (password, email_code, second_factor) and outcome",
    labelNames: ["method", "outcome"] as const,
    registers,
  });
  const jobRuns = new Counter({
    name: "job_runs_total",
    help: "Passes of the periodic jobs (id_expiry, retention, mail_outbox, commission_hold), failed ones included",
    labelNames: ["job"] as const,
    registers,
  });
  const jobFailures = new Counter({
    name: "job_failures_total",
    help: "Passes of the periodic jobs that failed (the next pass tries again)",
    labelNames: ["job"] as const,
    registers,
  });
  const jobLastSuccess = new Gauge({
    name: "job_last_success_timestamp_seconds",
    help: "When a pass of the job last ended without failure (Unix time)",
    labelNames: ["job"] as const,
    registers,
  });
  const renderDuration = new Histogram({
    name: "pdf_render_duration_seconds",
    help: "Contract PDF renders in a render slot (the wait for a slot left out)",
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const renderRefusals = new Counter({
    name: "pdf_render_refusals_total",
    help: "Contract renders refused with 503 because every slot was busy and the line full",
    registers,
  });

  if (sources.renderQueue) {
    const read = sources.renderQueue;
    new Gauge({
      name: "pdf_render_queue_length",
      help: "Contract renders in this process: running in a slot, or waiting in line for one",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const load = read();
        this.set({ state: "running" }, load.running);
        this.set({ state: "waiting" }, load.waiting);
      },
    });
  }

  if (sources.pool) {
    const read = sources.pool;
    const poolGauge = (name: string, help: string, pick: (use: PoolUse) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(pick(read()));
        },
      });
    poolGauge(
      "db_pool_clients",
      "PostgreSQL connections the pool holds (in use and idle)",
      (use) => use.total,
    );
    poolGauge("db_pool_idle_clients", "PostgreSQL connections idle in the pool", (use) => use.idle);
    poolGauge("db_pool_waiting_requests", "Queries waiting for a free connection", (use) => use.waiting);
    poolGauge("db_pool_max_clients", "The pool's size limit", (use) => use.max);
  }

  let outboxGauges: { pending: Gauge; oldest: Gauge } | undefined;
  if (sources.outbox) {
    const read = sources.outbox;
    let last: { at: number; backlog: Promise<OutboxBacklog | undefined> } | undefined;
    // A database that does not answer must not fail the whole scrape: the figures become NaN
    // (unknown) until it answers again.
    const backlog = () => {
      if (!last || performance.now() - last.at > OUTBOX_READ_REUSE_MS) {
        last = { at: performance.now(), backlog: read().catch(() => undefined) };
      }
      return last.backlog;
    };
    const outboxGauge = (name: string, help: string, pick: (backlog: OutboxBacklog) => number) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          const current = await backlog();
          this.set(current ? pick(current) : Number.NaN);
        },
      });
    outboxGauges = {
      pending: outboxGauge(
        "mail_outbox_pending",
        "Mails waiting in the outbox to be sent, retries included (shared by every instance)",
        (current) => current.pending,
      ),
      oldest: outboxGauge(
        "mail_outbox_oldest_pending_age_seconds",
        "Age of the oldest mail not sent yet (0 when none waits)",
        (current) => current.oldestPendingSeconds,
      ),
    };
    outboxGauge(
      "mail_outbox_failed",
      "Mails that failed every attempt and wait for an admin to retry them",
      (current) => current.failed,
    );
  }

  const since = new Date();

  /** The sum of a counter's values whose labels pass `keep`. */
  async function total(
    counter: Counter<string>,
    keep: (labels: Record<string, unknown>) => boolean = () => true,
  ) {
    const { values } = await counter.get();
    return values.filter((value) => keep(value.labels)).reduce((sum, value) => sum + value.value, 0);
  }

  /** A gauge's single value, or null when it is unknown (NaN) or has no source. */
  async function gaugeValue(gauge: Gauge | undefined): Promise<number | null> {
    if (!gauge) return null;
    const value = (await gauge.get()).values[0]?.value;
    return value === undefined || Number.isNaN(value) ? null : value;
  }

  return {
    registry,
    since,
    observeRequest({ method, route, status, seconds }) {
      requestDuration.observe({ method: methodLabel(method), route, status: String(status) }, seconds);
      if (status === 429) rateLimitRefusals.inc({ route });
    },
    recordSignIn(method, outcome) {
      signIns.inc({ method, outcome });
    },
    recordJobRun(job, outcome) {
      jobRuns.inc({ job });
      if (outcome === "failed") jobFailures.inc({ job });
      else jobLastSuccess.set({ job }, Date.now() / 1000);
    },
    pdfRenders: {
      rendered(seconds) {
        renderDuration.observe(seconds);
      },
      refused() {
        renderRefusals.inc();
      },
    },
    async summary() {
      const { values } = await requestDuration.get();
      const buckets = new Map<number, number>();
      let requests = 0;
      let serverErrors = 0;
      for (const value of values) {
        if (value.metricName?.endsWith("_bucket")) {
          // prom-client adds the bucket's bound as the label `le`, which its types do not list.
          const bound = (value.labels as { le?: string | number }).le;
          const le = bound === "+Inf" ? Number.POSITIVE_INFINITY : Number(bound);
          buckets.set(le, (buckets.get(le) ?? 0) + value.value);
        } else if (value.metricName?.endsWith("_count")) {
          requests += value.value;
          if (String(value.labels.status).startsWith("5")) serverErrors += value.value;
        }
      }
      const p95 = histogramQuantile(
        0.95,
        [...buckets].map(([le, count]) => ({ le, count })),
      );
      const [pending, oldest] = await Promise.all([
        gaugeValue(outboxGauges?.pending),
        gaugeValue(outboxGauges?.oldest),
      ]);
      return {
        since: since.toISOString(),
        requests,
        requestP95Ms: p95 === undefined ? null : Math.round(p95 * 1000),
        serverErrors,
        signInFailures: await total(signIns, (labels) => !SIGN_IN_SUCCESSES.has(String(labels.outcome))),
        rateLimitRefusals: await total(rateLimitRefusals),
        jobFailures: await total(jobFailures),
        mailOutbox: { pending, oldestPendingSeconds: oldest === null ? null : Math.round(oldest) },
      };
    },
  };
}
