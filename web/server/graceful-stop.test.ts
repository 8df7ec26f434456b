import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as ready } from "@/app/healthz/ready/route";
import { shutdownTimings, stopGracefully } from "./graceful-stop.mjs";

// The web tier's stop (web/server/web-server.mjs) on a real HTTP server. Its readiness is the real
// route handler (app/healthz/ready), as Next would call it: the flag the stop sets outside Next
// must be what the route reads. Everything else stands for a page: "/slow" answers after 1.5 s.

let api: http.Server;
const servers: http.Server[] = [];

beforeAll(async () => {
  // The API behind the web tier, always ready: only the stop may turn readiness to 503.
  api = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end("{}");
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  process.env.API_URL = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const server of [api, ...servers]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function webServer(): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer(async (request, response) => {
    if (request.url === "/healthz/ready") {
      const answer = await ready(new Request(`http://localhost${request.url}`));
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      if (answer.body) Readable.fromWeb(answer.body as never).pipe(response);
      else response.end();
      return;
    }
    const wait = request.url === "/slow" ? 1_500 : 0;
    setTimeout(() => response.end("page"), wait);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("the web tier's graceful stop", () => {
  it("answers readiness 503 during the delay while serving every other request, then drains", async () => {
    const { server, port } = await webServer();
    const get = async (path: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      return { status: response.status, text: await response.text() };
    };
    expect(await get("/healthz/ready")).toEqual({
      status: 200,
      text: JSON.stringify({ status: "ready", api: "ready" }),
    });

    const delayMs = 1_000;
    const started = Date.now();
    const stopped = stopGracefully(server, { delayMs, graceMs: 5_000 });
    expect(await get("/healthz/ready")).toEqual({
      status: 503,
      text: JSON.stringify({ status: "stopping" }),
    });
    expect(await get("/dashboard")).toEqual({ status: 200, text: "page" });
    // A page that is still rendering when the delay ends is answered before the process exits.
    const slow = get("/slow");
    await new Promise((done) => setTimeout(done, 200));
    expect(Date.now() - started).toBeLessThan(delayMs);

    expect(await stopped).toBe("drained");
    expect(Date.now() - started).toBeGreaterThanOrEqual(delayMs);
    expect(await slow).toEqual({ status: 200, text: "page" });
    expect(await connects(port)).toBe(false);
  });

  it("stops taking connections at once without a delay, and cuts what outruns the grace period", async () => {
    const { server, port } = await webServer();
    const slow = fetch(`http://127.0.0.1:${port}/slow`).then(
      (response) => response.status,
      () => "cut",
    );
    await new Promise((done) => setTimeout(done, 100));
    const started = Date.now();
    const stopped = stopGracefully(server, { delayMs: 0, graceMs: 300 });
    expect(await connects(port)).toBe(false);
    expect(await stopped).toBe("cut");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await slow).toBe("cut");
  });
});

describe("shutdownTimings", () => {
  it("defaults to a 5 s delay and a 20 s grace period, takes 0 for no delay, and refuses nonsense", () => {
    expect(shutdownTimings({})).toEqual({ delayMs: 5_000, graceMs: 20_000 });
    expect(shutdownTimings({ SHUTDOWN_DELAY_SECONDS: "", SHUTDOWN_GRACE_SECONDS: "" })).toEqual({
      delayMs: 5_000,
      graceMs: 20_000,
    });
    expect(shutdownTimings({ SHUTDOWN_DELAY_SECONDS: "0", SHUTDOWN_GRACE_SECONDS: "30" })).toEqual({
      delayMs: 0,
      graceMs: 30_000,
    });
    for (const bad of ["-1", "2.5", "5s", "601"]) {
      expect(() => shutdownTimings({ SHUTDOWN_DELAY_SECONDS: bad })).toThrow(/SHUTDOWN_DELAY_SECONDS/);
    }
    expect(() => shutdownTimings({ SHUTDOWN_GRACE_SECONDS: "forever" })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
  });
});
