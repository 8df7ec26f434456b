import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { onRequestError } from "../instrumentation";
import { forwardToApi } from "./bff";
import { handleBffRequest } from "./bff-session";
import { logWebError } from "./log";
import { createWebLog, webLog } from "./server/web-log.mjs";

// A real HTTP server on loopback stands in for the API; like the API, it answers with the
// request id it was given (server/app.ts).
const PUBLIC_URL = "http://localhost:3000";
const seen: IncomingHttpHeaders[] = [];
let api: Server;
let apiUrl: string;

beforeAll(async () => {
  api = createServer((request, response) => {
    seen.push(request.headers);
    request.resume();
    request.on("end", () => {
      response.writeHead(request.url === "/api/auth/login" ? 401 : 200, {
        "content-type": "application/json",
        "x-request-id": String(request.headers["x-request-id"] ?? ""),
      });
      response.end(JSON.stringify({ error: { code: "INVALID_CREDENTIALS", message: "no" } }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(async () => {
  api.closeAllConnections();
  await new Promise((resolve) => api.close(resolve));
});

afterEach(() => {
  vi.restoreAllMocks();
});

const options = (url = apiUrl) => ({ apiUrl: url, publicUrl: PUBLIC_URL, timeoutMs: 2_000 });

/** The JSON lines the code under test writes to stdout while `run` runs. */
async function capturedLines(run: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const lines: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  await run();
  vi.restoreAllMocks();
  return lines.flatMap((chunk) => chunk.split("\n").filter(Boolean)).map((line) => JSON.parse(line));
}

describe("the request id between the web tier and the API", () => {
  it("the BFF sends the web tier's id to the API and answers with the API's echo of it", async () => {
    const response = await forwardToApi(
      new Request(`${PUBLIC_URL}/api/health`, { headers: { "x-request-id": "web-0123456789" } }),
      options(),
    );
    expect(seen.at(-1)?.["x-request-id"]).toBe("web-0123456789");
    expect(response.headers.get("x-request-id")).toBe("web-0123456789");
  });

  it("gives a request without a usable id one (Next started without the web server)", async () => {
    const response = await forwardToApi(
      new Request(`${PUBLIC_URL}/api/health`, { headers: { "x-request-id": "<b>not an id</b>" } }),
      options(),
    );
    const sent = String(seen.at(-1)?.["x-request-id"]);
    expect(sent).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("x-request-id")).toBe(sent);
  });

  it("the BFF's own session calls (login) carry the id too", async () => {
    await handleBffRequest(
      new Request(`${PUBLIC_URL}/api/auth/login`, {
        method: "POST",
        headers: { origin: PUBLIC_URL, "content-type": "application/json", "x-request-id": "login-req-42" },
        body: JSON.stringify({ email: "a@example.com", password: "x" }),
      }),
      options(),
    );
    expect(seen.at(-1)?.["x-request-id"]).toBe("login-req-42");
  });

  it("an unreachable API is logged with the request id, and the 503 carries it", async () => {
    const dead = createServer();
    await new Promise<void>((resolve) => dead.listen(0, "127.0.0.1", resolve));
    const deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
    await new Promise((resolve) => dead.close(resolve));

    let response: Response | undefined;
    const lines = await capturedLines(async () => {
      response = await forwardToApi(
        new Request(`${PUBLIC_URL}/api/referral/info/secret-token-abcdefghijklmnop?x=1`, {
          headers: { "x-request-id": "down-request-1" },
        }),
        options(deadUrl),
      );
    });
    expect(response?.status).toBe(503);
    expect(response?.headers.get("x-request-id")).toBe("down-request-1");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "error",
      tier: "web",
      msg: "BFF: the API is unreachable",
      requestId: "down-request-1",
      method: "GET",
      path: "/api/referral/info/:token",
    });
    expect(JSON.stringify(lines)).not.toContain("secret-token");
  });
});

describe("errors of pages and server components", () => {
  it("onRequestError logs one line with the request id, the route and the digest, without the query", async () => {
    const previous = process.env.NEXT_RUNTIME;
    process.env.NEXT_RUNTIME = "nodejs";
    const error = Object.assign(new Error("fetch https://api.example/x?token=abc failed"), {
      digest: "12345",
    });
    const lines = await capturedLines(async () =>
      onRequestError(
        error,
        {
          path: "/password-reset-set?token=abc",
          method: "GET",
          headers: { "x-request-id": "page-request-7" },
        },
        {
          routerKind: "App Router",
          routePath: "/password-reset-set",
          routeType: "render",
          revalidateReason: undefined,
        },
      ),
    );
    process.env.NEXT_RUNTIME = previous;
    expect(lines).toEqual([
      expect.objectContaining({
        level: "error",
        tier: "web",
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        msg: "request failed",
        requestId: "page-request-7",
        method: "GET",
        path: "/password-reset-set",
        route: "/password-reset-set",
        routeType: "render",
        err: { type: "Error", digest: "12345", message: "fetch https://api.example/x?… failed" },
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain("token=abc");
    // The admin log view keeps it too, with the digest the error page shows.
    expect(webLog().ring.recent(1)).toEqual([
      expect.objectContaining({
        tier: "web",
        level: "error",
        message: "request failed: Error 12345",
        method: "GET",
        route: "/password-reset-set",
      }),
    ]);
  });

  it("logWebError leaves out an unsafe request id's absence and values it was not given", () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    logWebError("x", { requestId: undefined }, createWebLog({ destination }).logger);
    expect(Object.keys(JSON.parse(lines[0] ?? "{}"))).toEqual(["level", "time", "pid", "tier", "msg"]);
  });
});
