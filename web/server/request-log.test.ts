import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LogRingBuffer } from "../../lib/runtime/log-format.mjs";
import { loggablePath, logRequest, requestIdFor } from "./request-log.mjs";
import { createWebLog } from "./web-log.mjs";

/** A stream that keeps each line written to it. */
function collector(lines: string[] = []) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

const { lines, stream } = collector();
const ring = new LogRingBuffer();
const log = createWebLog({ level: "info", destination: stream, ring });
let seenByHandler: string | undefined;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  // The same wiring as web/server/web-server.mjs, with a stand-in for Next's handler.
  server = http.createServer((request, response) => {
    logRequest(request, response, { log });
    seenByHandler = request.headers["x-request-id"] as string;
    if (request.url?.startsWith("/slow")) {
      setTimeout(() => response.end("late"), 50);
      return;
    }
    if (request.url?.startsWith("/hang")) return;
    response.statusCode = request.url?.startsWith("/broken") ? 500 : 200;
    response.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function lastLine(count: number) {
  // The line is written when the response finishes, which may be just after the client has it.
  for (let attempt = 0; attempt < 50 && lines.length < count; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(lines).toHaveLength(count);
  return JSON.parse(lines[count - 1] ?? "{}");
}

describe("the web tier's request log", () => {
  it("writes one JSON line with method, path, status, duration and the request id it answers", async () => {
    const before = lines.length;
    const response = await fetch(`${origin}/slow/dashboard?x=1`);
    await response.text();
    const line = await lastLine(before + 1);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // The format the API writes too: ISO time, the level by name, the tier, the request id.
    expect(line).toMatchObject({
      level: "info",
      tier: "web",
      msg: "request",
      method: "GET",
      path: "/slow/dashboard",
      status: 200,
      requestId: id,
    });
    expect(line.ms).toBeGreaterThanOrEqual(40);
    expect(new Date(line.time).toISOString()).toBe(line.time);
    // The admin log view's copy, with the path in the route column.
    expect(ring.recent(1)).toEqual([
      {
        time: line.time,
        level: "info",
        tier: "web",
        message: "request",
        method: "GET",
        route: "/slow/dashboard",
        status: 200,
        ms: line.ms,
      },
    ]);
    // The handler (Next) sees the same id on the request, so calls to the API carry it.
    expect(seenByHandler).toBe(id);
  });

  it("keeps a safe incoming id and replaces one that is not", async () => {
    let before = lines.length;
    const kept = await fetch(`${origin}/broken`, { headers: { "x-request-id": "edge-proxy.1234_abcd" } });
    expect(kept.headers.get("x-request-id")).toBe("edge-proxy.1234_abcd");
    expect(await lastLine(before + 1)).toMatchObject({
      requestId: "edge-proxy.1234_abcd",
      status: 500,
      level: "error",
    });

    before = lines.length;
    const replaced = await fetch(`${origin}/`, { headers: { "x-request-id": "<script>alert(1)</script>" } });
    const id = replaced.headers.get("x-request-id");
    expect(id).not.toContain("<");
    expect((await lastLine(before + 1)).requestId).toBe(id);
  });

  it("logs no token from a path or query string", async () => {
    const token = "Zq8x3Vb7Nn2Lk5Jh9Gf4Dd1Ss6Aa0Pp";
    for (const url of [
      `/password-reset-set?token=${token}`,
      `/api/referral/info/${token}`,
      `/api/files/0b8f0a52-2f0e-4a0e-9a43-1b7b8e7c2f11?expires=1&signature=${token}`,
      `/register?ref=${token}`,
      `/admin/user-management/view/0b8f0a52-2f0e-4a0e-9a43-1b7b8e7c2f11`,
    ]) {
      const before = lines.length;
      await (await fetch(`${origin}${url}`)).text();
      await lastLine(before + 1);
    }
    const logged = lines.slice(-5).map((line) => JSON.parse(line).path);
    expect(logged).toEqual([
      "/password-reset-set",
      "/api/referral/info/:token",
      "/api/files/:key",
      "/register",
      "/admin/user-management/view/:id",
    ]);
    expect(lines.join("\n")).not.toContain(token);
  });

  it("logs a request the client gave up on", async () => {
    const before = lines.length;
    const controller = new AbortController();
    const pending = fetch(`${origin}/hang`, { signal: controller.signal }).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    await pending;
    expect(await lastLine(before + 1)).toMatchObject({ path: "/hang", aborted: true });
  });
});

describe("loggablePath", () => {
  it("keeps page and API paths readable and bounded", () => {
    expect(loggablePath("/api/admin/users?search=erika%40example.com")).toBe("/api/admin/users");
    expect(loggablePath("/API/Referral/Info/abc")).toBe("/api/referral/info/:token");
    expect(loggablePath("/_next/static/chunks/main.js")).toBe("/_next/static/chunks/main.js");
    expect(loggablePath(`/${"a".repeat(10)}/`.repeat(30)).length).toBeLessThanOrEqual(201);
    expect(loggablePath(undefined)).toBe("/");
  });

  it("LOG_LEVEL warn keeps the failures only; the admin log view keeps every line", async () => {
    const written = (level: string | undefined) => {
      const out = collector();
      const levelRing = new LogRingBuffer();
      const { requestLines } = createWebLog({ level, destination: out.stream, ring: levelRing });
      requestLines.info("ok");
      requestLines.error("failed");
      return { lines: out.lines, ring: levelRing };
    };
    const warn = written("warn");
    await new Promise((resolve) => setImmediate(resolve));
    expect(warn.lines.map((line) => JSON.parse(line).msg)).toEqual(["failed"]);
    expect(warn.ring.recent().map((entry) => entry.message)).toEqual(["failed", "ok"]);
    expect(written(undefined).lines).toHaveLength(2);
    expect(written("nonsense").lines).toHaveLength(2);
    expect(written("silent").lines).toHaveLength(0);
  });

  it("requestIdFor takes the first of repeated headers only when it is safe", () => {
    expect(requestIdFor(["abcdefgh1", "other-id-2"])).toBe("abcdefgh1");
    expect(requestIdFor("short")).not.toBe("short");
  });
});
