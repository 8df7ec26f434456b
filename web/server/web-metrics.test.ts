import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerMatches, metricsTokenFrom } from "../../lib/runtime/metrics-shared.mjs";
import { sampleValue as sample } from "../../server/testing/prometheus-text";
import { createWebMetrics, WEB_ROUTES, webRouteOf } from "./web-metrics.mjs";

const TOKEN = "web-metrics-test-token-0123456789";

type Server = { origin: string; close(): Promise<void>; handled: string[] };

/** The same wiring as web/server/web-server.mjs, with a stand-in for Next that answers 404 to /metrics. */
async function serve(metrics: ReturnType<typeof createWebMetrics>): Promise<Server> {
  const handled: string[] = [];
  const server = http.createServer((request, response) => {
    if (metrics.handle(request, response)) return;
    handled.push(request.url ?? "");
    if (request.url?.startsWith("/slow")) {
      setTimeout(() => response.end("late"), 30);
      return;
    }
    response.statusCode = request.url === "/metrics" ? 404 : 200;
    response.end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    handled,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const scrape = (origin: string, authorization?: string) =>
  fetch(`${origin}/metrics`, authorization ? { headers: { authorization } } : {});

describe("the web tier's /metrics", () => {
  let on: Server;
  let off: Server;

  beforeAll(async () => {
    on = await serve(createWebMetrics({ token: TOKEN }));
    off = await serve(createWebMetrics({}));
  });

  afterAll(async () => {
    await on.close();
    await off.close();
  });

  it("answers the token, and counts a request under its route pattern, never its path", async () => {
    const id = "0b8f0a52-2f0e-4a0e-9a43-1b7b8e7c2f11";
    await (await fetch(`${on.origin}/slow`)).text();
    await (await fetch(`${on.origin}/admin/user-management/view/${id}?tab=documents`)).text();
    await (await fetch(`${on.origin}/api/auth/me`, { method: "POST" })).text();

    const response = await scrape(on.origin, `Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    const view = { method: "GET", route: "/admin/user-management/view/:id", status: "200" };
    expect(sample(text, "http_request_duration_seconds_count", view)).toBe(1);
    expect(sample(text, "http_request_duration_seconds_count", { route: "/api/*", method: "POST" })).toBe(1);
    // /slow is no page of the app: counted, in the bucket for unknown paths.
    expect(sample(text, "http_request_duration_seconds_count", { route: "(other)" })).toBe(1);
    expect(sample(text, "http_request_duration_seconds_sum", { route: "(other)" })).toBeGreaterThanOrEqual(
      0.02,
    );
    expect(text).not.toContain(id);
    expect(text).not.toContain("documents");
    // The scrape itself is answered before Next and not counted.
    expect(on.handled).not.toContain("/metrics");
    expect(sample(text, "http_request_duration_seconds_count", { route: "(file)" })).toBeUndefined();
    // Process metrics only when asked for (the server does, for a scraper).
    expect(text).not.toContain("process_cpu_seconds_total");
  });

  it("refuses a scrape without the token or with a wrong one (401), and counts neither", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN, "Bearer "]) {
      const response = await scrape(on.origin, authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
      expect(await response.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
    }
    const text = await (await scrape(on.origin, `bearer  ${TOKEN}`)).text();
    expect(text).not.toContain('route="/metrics"');
  });

  it("is off without METRICS_TOKEN: /metrics is Next's, a 404 like any unknown path", async () => {
    const response = await scrape(off.origin, `Bearer ${TOKEN}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("next");
    expect(off.handled).toContain("/metrics");
  });

  it("adds Node's process metrics when asked to", async () => {
    const metrics = createWebMetrics({ token: TOKEN, processMetrics: true });
    const text = await metrics.registry.metrics();
    expect(text).toContain("process_cpu_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });
});

describe("webRouteOf", () => {
  it("keeps the app's own routes and puts everything else in a fixed set of buckets", () => {
    expect(webRouteOf("/")).toBe("/");
    expect(webRouteOf("/login?next=/dashboard")).toBe("/login");
    expect(webRouteOf("/admin/user-management/verify/0B8F0A52-2F0E-4A0E-9A43-1B7B8E7C2F11")).toBe(
      "/admin/user-management/verify/:id",
    );
    expect(webRouteOf("/api/referral/info/Zq8x3Vb7Nn2Lk5Jh9Gf4Dd1Ss6Aa0Pp")).toBe("/api/*");
    expect(webRouteOf("/_next/static/chunks/main-abc.js")).toBe("/_next/static/*");
    expect(webRouteOf("/_next/image?url=x")).toBe("/_next/*");
    expect(webRouteOf("/favicon.ico")).toBe("(file)");
    expect(webRouteOf("/flags/de.svg")).toBe("(file)");
    const invented = new Set(Array.from({ length: 50 }, (_, index) => webRouteOf(`/probe-${index}/x`)));
    expect([...invented]).toEqual(["(other)"]);
  });

  it("lists every page and route handler of app/ (a new page is not lumped into (other))", () => {
    const appDir = path.resolve(import.meta.dirname, "..", "..", "app");
    const found: string[] = [];
    const walk = (dir: string, parts: string[]) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) {
          if (entry.name === "api") continue;
          // Route groups "(member)" add nothing to the path; "[id]" is an id, "[...path]" the rest.
          const part = /^\(.*\)$/.test(entry.name)
            ? []
            : [entry.name.replace(/^\[\.\.\..*\]$/, "*").replace(/^\[.*\]$/, ":id")];
          walk(path.join(dir, entry.name), [...parts, ...part]);
        } else if (/^(page\.tsx|route\.ts)$/.test(entry.name)) {
          found.push(`/${parts.join("/")}`);
        }
      }
    };
    walk(appDir, []);
    expect([...new Set(found)].sort()).toEqual([...WEB_ROUTES].sort());
  });
});

describe("METRICS_TOKEN", () => {
  it("is off when unset or empty, and refused when shorter than 16 characters", () => {
    expect(metricsTokenFrom({})).toBeUndefined();
    expect(metricsTokenFrom({ METRICS_TOKEN: "" })).toBeUndefined();
    expect(() => metricsTokenFrom({ METRICS_TOKEN: "too-short" })).toThrow(/at least 16/);
    expect(metricsTokenFrom({ METRICS_TOKEN: TOKEN })).toBe(TOKEN);
  });

  it("matches only `Bearer <token>` exactly", () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer${TOKEN}`, TOKEN)).toBe(false);
  });
});
