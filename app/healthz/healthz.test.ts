import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiReadiness } from "@/web/health";
import { GET as live } from "./live/route";
import { GET as ready } from "./ready/route";
import { GET as healthz } from "./route";

// A real HTTP server on loopback stands in for the API's /api/health/ready; `mode` decides its answer.
let mode: "ready" | "not-ready" | "hang" = "ready";
let lastHeaders: IncomingHttpHeaders = {};
let api: Server;
let apiUrl: string;

beforeAll(async () => {
  api = createServer((request, response) => {
    lastHeaders = request.headers;
    if (request.url !== "/api/health/ready" || mode === "hang") return;
    response.writeHead(mode === "ready" ? 200 : 503, { "content-type": "application/json" });
    response.end("{}");
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  // The web tier reads its configuration once, on first use.
  process.env.API_URL = apiUrl;
});

afterAll(async () => {
  api.closeAllConnections();
  await new Promise((resolve) => api.close(resolve));
});

const probe = (path: string) =>
  new Request(`http://localhost:3000${path}`, { headers: { "x-request-id": "probe-request-1" } });

describe("the web tier's health routes", () => {
  it("/healthz and /healthz/live answer 200 without asking the API", async () => {
    mode = "hang";
    for (const response of [healthz(probe("/healthz")), live(probe("/healthz/live"))]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await response.json()).toMatchObject({ status: "ok" });
    }
  });

  it("/healthz/ready is 200 while the API is ready, and passes the probe's request id on", async () => {
    mode = "ready";
    const response = await ready(probe("/healthz/ready"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready", api: "ready" });
    expect(lastHeaders["x-request-id"]).toBe("probe-request-1");
  });

  it("/healthz/ready is 503 while the API is not ready", async () => {
    mode = "not-ready";
    const response = await ready(probe("/healthz/ready"));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "not_ready", api: "not_ready" });
  });

  it("/healthz/ready is 503 within its timeout when the API does not answer", async () => {
    mode = "hang";
    const started = performance.now();
    const response = await ready(probe("/healthz/ready"));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "not_ready", api: "unavailable" });
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it("an API nobody listens for is unavailable at once", async () => {
    const started = performance.now();
    expect(await apiReadiness("http://127.0.0.1:9", { timeoutMs: 5_000 })).toBe("unavailable");
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
