import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { insertMail } from "../domain/mail/outbox";
import { createApiMetrics } from "../domain/system/api-metrics";
import { createPeriodicJob } from "../infra/jobs/periodic-job";
import { createAppMetrics, histogramQuantile } from "../infra/metrics/app-metrics";
import { contractRenderQueue } from "../infra/pdf/render-queue";
import { call, createUser, login, post, uniqueEmail, uniqueIp } from "../testing/auth-api";
import { sampleValue } from "../testing/prometheus-text";
import { createTestApp, type TestApp } from "../testing/test-app";
import { testDatabaseUrl } from "../testing/test-env";

const TOKEN = "api-metrics-test-token-0123456789";

let t: TestApp;
let origin: string;
let server: ReturnType<typeof serve>;

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  // Over a real socket, as a scraper reaches the API.
  server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  (server as unknown as { closeAllConnections(): void }).closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const scrape = (authorization?: string) =>
  fetch(`${origin}/metrics`, authorization ? { headers: { authorization } } : {});

async function metricsText(): Promise<string> {
  const response = await scrape(`Bearer ${TOKEN}`);
  expect(response.status).toBe(200);
  return response.text();
}

const requestCount = (text: string, labels: Record<string, string>) =>
  sampleValue(text, "http_request_duration_seconds_count", labels) ?? 0;

describe("GET /metrics on the API", () => {
  it("answers Prometheus' text format to the token, and nothing without it or with a wrong one", async () => {
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toContain("# TYPE sign_ins_total counter");

    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}0`,
      `Bearer ${TOKEN.slice(1)}`,
      `Basic ${TOKEN}`,
    ]) {
      const refused = await scrape(authorization);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toContain("Bearer");
      const body = await refused.text();
      expect(JSON.parse(body)).toMatchObject({ error: { code: "UNAUTHORIZED" } });
      expect(body).not.toContain("http_request");
    }
  });

  it("is off without METRICS_TOKEN: 404, as any unknown path", async () => {
    const app = createApp({ ...t.deps, config: { ...t.deps.config, metricsToken: undefined } });
    const response = await app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
  });

  it("counts a request under its route pattern, never its path; scrapes and probes are not counted", async () => {
    const token = "Zq8x3Vb7Nn2Lk5Jh9Gf4Dd1Ss6Aa0PpMetrics";
    const labels = { method: "GET", route: "/api/referral/info/:token", status: "404" };
    const before = requestCount(await metricsText(), labels);
    const answer = await fetch(`${origin}/api/referral/info/${token}`);
    expect(answer.status).toBe(404);
    await fetch(`${origin}/api/health/live`);

    const text = await metricsText();
    expect(requestCount(text, labels)).toBe(before + 1);
    expect(sampleValue(text, "http_request_duration_seconds_sum", labels)).toBeGreaterThan(0);
    expect(text).not.toContain(token);
    expect(requestCount(text, { route: "/metrics" })).toBe(0);
    expect(requestCount(text, { route: "/api/health/live" })).toBe(0);
  });

  it("follows the mail outbox: depth and age of the oldest unsent mail, 0 once it is delivered", async () => {
    await t.mailSender.stop();
    try {
      await t.mailSender.flush();
      expect(sampleValue(await metricsText(), "mail_outbox_pending")).toBe(0);

      await insertMail(t.deps.database.db, {
        kind: "login_code",
        language: "en",
        to: uniqueEmail("metrics"),
        subject: "Your code",
        text: "123456",
      });
      // The outbox is read once per scrape, at most once a second.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const queued = await metricsText();
      expect(sampleValue(queued, "mail_outbox_pending")).toBe(1);
      const age = sampleValue(queued, "mail_outbox_oldest_pending_age_seconds") ?? -1;
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(60);
      expect(sampleValue(queued, "mail_outbox_failed")).toBe(0);

      expect(await t.mailSender.flush()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const delivered = await metricsText();
      expect(sampleValue(delivered, "mail_outbox_pending")).toBe(0);
      expect(sampleValue(delivered, "mail_outbox_oldest_pending_age_seconds")).toBe(0);
    } finally {
      t.mailSender.start();
    }
  });

  it("counts sign-ins by outcome: a wrong password, and throttled attempts past the account's limit", async () => {
    const user = await createUser(t.deps.database.db);
    const outcome = (text: string, name: string) =>
      sampleValue(text, "sign_ins_total", { method: "password", outcome: name }) ?? 0;
    const before = await metricsText();

    expect((await login(t.app, user.email, "not-the-password")).status).toBe(401);
    const afterOne = await metricsText();
    expect(outcome(afterOne, "wrong_credentials")).toBe(outcome(before, "wrong_credentials") + 1);

    // Five failures per account in 15 minutes: the sixth is throttled, answered as a wrong password.
    for (let attempt = 0; attempt < 5; attempt++) await login(t.app, user.email, "still-wrong", uniqueIp());
    const throttled = await login(t.app, user.email, user.password, uniqueIp());
    expect(throttled.status).toBe(401);
    const afterMany = await metricsText();
    expect(outcome(afterMany, "throttled")).toBeGreaterThanOrEqual(outcome(before, "throttled") + 2);

    const other = await createUser(t.deps.database.db);
    expect((await login(t.app, other.email, other.password)).status).toBe(200);
    expect(outcome(await metricsText(), "success")).toBe(outcome(before, "success") + 1);
  });

  it("counts refusals with 429 by route", async () => {
    const route = "/api/auth/login-code/request";
    const before = sampleValue(await metricsText(), "rate_limit_refusals_total", { route }) ?? 0;
    const email = uniqueEmail("nobody");
    const ip = uniqueIp();
    expect((await post(t.app, route, { email }, { ip })).status).toBe(200);
    expect((await post(t.app, route, { email }, { ip })).status).toBe(429);
    expect(sampleValue(await metricsText(), "rate_limit_refusals_total", { route })).toBe(before + 1);
  });

  it("counts the mail sender's passes, and reports pool use on PostgreSQL only", async () => {
    const text = await metricsText();
    expect(sampleValue(text, "job_runs_total", { job: "mail_outbox" })).toBeGreaterThan(0);
    expect(sampleValue(text, "job_last_success_timestamp_seconds", { job: "mail_outbox" })).toBeGreaterThan(
      Date.now() / 1000 - 600,
    );
    if (testDatabaseUrl) {
      expect(sampleValue(text, "db_pool_max_clients")).toBe(5);
      expect(sampleValue(text, "db_pool_clients")).toBeGreaterThanOrEqual(1);
      expect(sampleValue(text, "db_pool_waiting_requests")).toBe(0);
    } else {
      // PGlite: one connection inside the process, nothing to count.
      expect(text).not.toContain("db_pool_");
    }
    expect(sampleValue(text, "pdf_render_queue_length", { state: "waiting" })).toBe(0);
  });
});

describe("the API's metrics", () => {
  it("count each periodic job's passes and failures by job", async () => {
    const metrics = createAppMetrics();
    let fail = true;
    const failures: unknown[] = [];
    const job = createPeriodicJob(
      async () => {
        if (fail) throw new Error("database away");
      },
      {
        name: "retention",
        everyMs: 20,
        firstAfterMs: 0,
        jobs: metrics,
        onFailure: (error) => failures.push(error),
      },
    );
    job.start();
    const deadline = Date.now() + 5_000;
    while (failures.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    fail = false;
    await new Promise((resolve) => setTimeout(resolve, 100));
    await job.stop();
    const text = await metrics.registry.metrics();
    expect(sampleValue(text, "job_failures_total", { job: "retention" })).toBe(failures.length);
    expect(sampleValue(text, "job_runs_total", { job: "retention" })).toBeGreaterThan(failures.length);
    expect((await metrics.summary()).jobFailures).toBe(failures.length);
  });

  it("time contract renders in their slot and count refusals", async () => {
    const metrics = createAppMetrics();
    const result = await contractRenderQueue.run(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return "pdf";
    }, metrics.pdfRenders);
    expect(result).toBe("pdf");
    const text = await metrics.registry.metrics();
    expect(sampleValue(text, "pdf_render_duration_seconds_count")).toBe(1);
    expect(sampleValue(text, "pdf_render_duration_seconds_sum")).toBeGreaterThanOrEqual(0.015);
    expect(sampleValue(text, "pdf_render_refusals_total")).toBe(0);
  });

  it("add Node's process metrics when asked to", async () => {
    const text = await createApiMetrics(t.deps.database, { processMetrics: true }).registry.metrics();
    expect(text).toContain("process_cpu_seconds_total");
    expect(text).toContain("nodejs_heap_size_used_bytes");
  });

  it("estimate the p95 from the buckets as Prometheus' histogram_quantile does", () => {
    expect(histogramQuantile(0.95, [])).toBeUndefined();
    expect(histogramQuantile(0.95, [{ le: Number.POSITIVE_INFINITY, count: 0 }])).toBeUndefined();
    // 100 requests: 90 within 10 ms, 10 more within 100 ms; rank 95 is halfway through the second.
    const buckets = [
      { le: 0.01, count: 90 },
      { le: 0.1, count: 100 },
      { le: Number.POSITIVE_INFINITY, count: 100 },
    ];
    expect(histogramQuantile(0.95, buckets)).toBeCloseTo(0.055, 6);
    // Beyond the largest finite bound: that bound.
    expect(
      histogramQuantile(0.95, [
        { le: 1, count: 1 },
        { le: Number.POSITIVE_INFINITY, count: 10 },
      ]),
    ).toBe(1);
  });

  it("summarise requests, failures and the outbox for the server status", async () => {
    await call(t.app, "GET", "/api/auth/me");
    const summary = await t.deps.metrics.summary();
    expect(summary.requests).toBeGreaterThan(0);
    expect(summary.requestP95Ms).toBeGreaterThanOrEqual(0);
    expect(summary.signInFailures).toBeGreaterThanOrEqual(1);
    expect(summary.rateLimitRefusals).toBeGreaterThanOrEqual(1);
    expect(summary.mailOutbox.pending).toBeGreaterThanOrEqual(0);
    expect(Date.parse(summary.since)).toBeLessThanOrEqual(Date.now());
  });
});
