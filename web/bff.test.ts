import { createHash } from "node:crypto";
import {
  createServer,
  type IncomingHttpHeaders,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { forwardToApi } from "./bff";

// The upstream in these tests is a real HTTP server on loopback standing in for the API: the unit
// under test is the BFF's forwarding (streaming, timeouts, header allow-lists, Origin check).

const PUBLIC_URL = "http://localhost:3000";
const KB = 1024;
const MB = 1024 * KB;

// Node's fetch needs `duplex: "half"` for a streamed body; the DOM typings do not know it yet.
type StreamingRequestInit = RequestInit & { duplex: "half" };

type ErrorBody = { error: { code: string; message: string } };

type ReceivedRequest = {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
};

const servers = new Set<Server>();

afterEach(async () => {
  await Promise.all(
    [...servers].map(
      (server) =>
        new Promise<void>((resolve) => {
          // An upstream that never answers still holds its sockets open; close would wait forever.
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
  servers.clear();
});

async function listen(handler: RequestListener): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  servers.add(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}

/** An upstream that records every request (counted on arrival) and answers once the body is in. */
async function recordingUpstream(
  respond: (received: ReceivedRequest, response: ServerResponse) => void = (_received, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ ok: true }));
  },
) {
  const arrived: ReceivedRequest[] = [];
  const { url } = await listen((request, response) => {
    const received: ReceivedRequest = {
      method: request.method ?? "",
      url: request.url ?? "",
      headers: request.headers,
      body: Buffer.alloc(0),
    };
    arrived.push(received);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.body = Buffer.concat(chunks);
      respond(received, response);
    });
  });
  return { url, arrived };
}

/** A port nothing listens on: bind one, then let it go. */
async function deadApiUrl(): Promise<string> {
  const { server, url } = await listen(() => {});
  servers.delete(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return url;
}

function options(apiUrl: string, timeoutMs = 5_000) {
  return { apiUrl, publicUrl: PUBLIC_URL, timeoutMs };
}

function post(path: string, init: RequestInit = {}): Request {
  return new Request(`${PUBLIC_URL}${path}`, {
    method: "POST",
    ...init,
    headers: { origin: PUBLIC_URL, "content-type": "application/json", ...init.headers },
  });
}

/** Deterministic, non-repeating-looking bytes so a reordered or dropped chunk changes the hash. */
function patternChunk(index: number, size: number): Uint8Array {
  const chunk = new Uint8Array(size);
  for (let offset = 0; offset < size; offset++) chunk[offset] = (index * 31 + offset * 7) & 0xff;
  return chunk;
}

function nonceOf(response: Response): string | undefined {
  return response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
}

function expectSecurityHeaders(response: Response) {
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toMatch(/^(no-referrer|strict-origin-when-cross-origin)$/);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits for `promise`, or rejects after `ms`: a BFF that buffers fails the test instead of hanging it. */
async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe("forwardToApi: forwarding", () => {
  it("forwards method, path, query and JSON body, and passes back the status and allowed headers", async () => {
    const upstream = await recordingUpstream((_received, response) => {
      response.writeHead(201, {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": 'attachment; filename="contract.pdf"',
        "x-request-id": "request-42",
        "set-cookie": "session=stolen; Path=/",
        "x-powered-by": "hono",
      });
      response.end(JSON.stringify({ id: "c-1" }));
    });

    const response = await forwardToApi(
      post("/api/contracts/c-1/items?sort=desc&filter=a%20b", {
        method: "PATCH",
        body: JSON.stringify({ title: "Rent", amount: 950 }),
        headers: {
          accept: "application/json",
          "x-request-id": "request-42",
          cookie: "__Host-session=secret",
          authorization: "Bearer from-the-browser",
        },
      }),
      options(upstream.url),
    );

    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: "c-1" });
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="contract.pdf"');
    expect(response.headers.get("x-request-id")).toBe("request-42");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("x-powered-by")).toBeNull();

    expect(upstream.arrived).toHaveLength(1);
    const [received] = upstream.arrived;
    expect(received?.method).toBe("PATCH");
    expect(received?.url).toBe("/api/contracts/c-1/items?sort=desc&filter=a%20b");
    expect(JSON.parse(received?.body.toString("utf8") ?? "")).toEqual({ title: "Rent", amount: 950 });
    expect(received?.headers["content-type"]).toBe("application/json");
    expect(received?.headers.accept).toBe("application/json");
    expect(received?.headers["x-request-id"]).toBe("request-42");
    expect(received?.headers.cookie).toBeUndefined();
    expect(received?.headers.authorization).toBeUndefined();
    expect(received?.headers.origin).toBeUndefined();
    expect(received?.headers["x-forwarded-proto"]).toBe("http");
    expect(received?.headers["x-forwarded-host"]).toBe("localhost:3000");
  });

  it("tells the API the visitor's Host and that the visitor came over https behind a TLS proxy", async () => {
    const upstream = await recordingUpstream();

    const response = await forwardToApi(
      new Request(`${PUBLIC_URL}/api/me`, {
        headers: { host: "app.example.com", "x-forwarded-proto": "https" },
      }),
      options(upstream.url),
    );

    expect(response.status).toBe(200);
    expect(upstream.arrived[0]?.headers["x-forwarded-proto"]).toBe("https");
    expect(upstream.arrived[0]?.headers["x-forwarded-host"]).toBe("app.example.com");
  });

  it("passes an upstream error status and JSON body through unchanged", async () => {
    const upstream = await recordingUpstream((_received, response) => {
      response.writeHead(422, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { code: "VALIDATION_FAILED", message: "Invalid input." } }));
    });

    const response = await forwardToApi(post("/api/users", { body: "{}" }), options(upstream.url));

    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).error.code).toBe("VALIDATION_FAILED");
  });

  it("passes on a redirect to another /api/ path and drops redirects anywhere else", async () => {
    const targets = [
      "/api/files/abc?exp=1&sig=x",
      "https://elsewhere.example/api/files/abc",
      "//elsewhere.example/api/files/abc",
      "/dashboard",
    ];
    const upstream = await recordingUpstream((received, response) => {
      response.writeHead(302, { location: targets[Number(received.url.split("/").pop())] ?? "" });
      response.end();
    });

    const locations: (string | null)[] = [];
    for (const index of targets.keys()) {
      const response = await forwardToApi(
        new Request(`${PUBLIC_URL}/api/contracts/${index}`),
        options(upstream.url),
      );
      expect(response.status).toBe(302);
      locations.push(response.headers.get("location"));
    }
    expect(locations).toEqual(["/api/files/abc?exp=1&sig=x", null, null, null]);
  });

  it("answers 404 for a path outside /api/ without calling the API", async () => {
    const upstream = await recordingUpstream();

    for (const path of ["/admin", "/api", "/apix/users", "/api/../admin"]) {
      const response = await forwardToApi(new Request(`${PUBLIC_URL}${path}`), options(upstream.url));
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as ErrorBody).error.code).toBe("NOT_FOUND");
      expectSecurityHeaders(response);
    }
    expect(upstream.arrived).toHaveLength(0);
  });
});

describe("forwardToApi: streaming", () => {
  it("streams a 12 MB upload to the API chunk by chunk instead of buffering it first", async () => {
    const totalBytes = 12 * MB;
    const chunkBytes = 64 * KB;
    const pauseAfterBytes = 1 * MB;

    let signalUpstreamHasBytes: () => void = () => {};
    const upstreamHasBytes = new Promise<void>((resolve) => {
      signalUpstreamHasBytes = resolve;
    });
    let sentWhenUpstreamFirstReceived = -1;
    let sent = 0;

    const { url } = await listen((request, response) => {
      const hash = createHash("sha256");
      let received = 0;
      request.on("data", (chunk: Buffer) => {
        if (received === 0) {
          sentWhenUpstreamFirstReceived = sent;
          signalUpstreamHasBytes();
        }
        received += chunk.length;
        hash.update(chunk);
      });
      request.on("end", () => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ received, sha256: hash.digest("hex") }));
      });
    });

    const sentHash = createHash("sha256");
    let index = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === pauseAfterBytes) {
          // A BFF that buffers the whole body would never pass these bytes on.
          await within(upstreamHasBytes, 10_000, "the API received nothing while the upload was paused");
        }
        if (sent >= totalBytes) {
          controller.close();
          return;
        }
        const chunk = patternChunk(index++, chunkBytes);
        sentHash.update(chunk);
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });

    const init: StreamingRequestInit = {
      method: "POST",
      headers: {
        origin: PUBLIC_URL,
        "content-type": "application/octet-stream",
        "content-length": String(totalBytes),
      },
      body,
      duplex: "half",
    };
    const response = await forwardToApi(
      new Request(`${PUBLIC_URL}/api/upload/personal-id`, init),
      options(url),
    );

    expect(response.status).toBe(200);
    expect(sentWhenUpstreamFirstReceived).toBeGreaterThan(0);
    expect(sentWhenUpstreamFirstReceived).toBeLessThanOrEqual(pauseAfterBytes);
    expect(await response.json()).toEqual({ received: totalBytes, sha256: sentHash.digest("hex") });
  });

  it("streams a download: the first bytes reach the browser before the API has finished sending", async () => {
    const totalBytes = 8 * MB;
    const chunkBytes = 64 * KB;
    let upstreamSentLastChunk = false;
    let signalFirstChunkRead: () => void = () => {};
    const firstChunkRead = new Promise<void>((resolve) => {
      signalFirstChunkRead = resolve;
    });
    const sentHash = createHash("sha256");

    const { url } = await listen(async (_request, response) => {
      response.writeHead(200, {
        "content-type": "application/pdf",
        "content-length": String(totalBytes),
        "content-disposition": 'attachment; filename="big.pdf"',
      });
      const chunks = totalBytes / chunkBytes;
      for (let index = 0; index < chunks; index++) {
        // Hold the rest back until the browser side has its first bytes; a buffering BFF gets
        // them only after this wait gives up, and then the assertion below fails.
        if (index === 1) await within(firstChunkRead, 10_000, "no first chunk").catch(() => {});
        else if (index > 1) await delay(2);
        const chunk = patternChunk(index, chunkBytes);
        sentHash.update(chunk);
        // Set before the last write: once it is out, a buffering BFF may answer at once.
        if (index === chunks - 1) upstreamSentLastChunk = true;
        response.write(chunk);
      }
      response.end();
    });

    const response = await forwardToApi(new Request(`${PUBLIC_URL}/api/files/big`), options(url, 300));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(totalBytes));
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="big.pdf"');

    const reader = response.body?.getReader();
    if (!reader) throw new Error("the download has no body");
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(upstreamSentLastChunk).toBe(false);
    signalFirstChunkRead();

    const receivedHash = createHash("sha256");
    let received = 0;
    for (let part = first; !part.done; part = await reader.read()) {
      receivedHash.update(part.value);
      received += part.value.length;
    }
    expect(received).toBe(totalBytes);
    expect(receivedHash.digest("hex")).toBe(sentHash.digest("hex"));
  });
});

describe("forwardToApi: API down or slow", () => {
  it("answers 503 UPSTREAM_UNAVAILABLE within a second when nothing listens at the API address", async () => {
    const apiUrl = await deadApiUrl();

    for (const request of [new Request(`${PUBLIC_URL}/api/me`), post("/api/login", { body: "{}" })]) {
      const started = performance.now();
      const response = await forwardToApi(request, options(apiUrl, 5_000));
      const elapsed = performance.now() - started;

      expect(response.status).toBe(503);
      expect(elapsed).toBeLessThan(1_000);
      expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const body = (await response.json()) as ErrorBody;
      expect(body.error.code).toBe("UPSTREAM_UNAVAILABLE");
      expect(body.error.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|fetch failed/);
      expectSecurityHeaders(response);
    }
  });

  it("answers 503 UPSTREAM_TIMEOUT after about timeoutMs when the API never answers", async () => {
    const { url } = await listen(() => {
      // Accept the request, never answer.
    });

    const started = performance.now();
    const response = await forwardToApi(new Request(`${PUBLIC_URL}/api/me`), options(url, 300));
    const elapsed = performance.now() - started;

    expect(response.status).toBe(503);
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2_000);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await response.json()) as ErrorBody).error.code).toBe("UPSTREAM_TIMEOUT");
    expectSecurityHeaders(response);
  });

  it("times out a POST whose body the API read but never answered", async () => {
    const { url } = await listen((request) => {
      request.resume();
    });

    const started = performance.now();
    const response = await forwardToApi(
      post("/api/documents", { body: JSON.stringify({ name: "x" }) }),
      options(url, 300),
    );
    const elapsed = performance.now() - started;

    expect(response.status).toBe(503);
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2_000);
    expect(((await response.json()) as ErrorBody).error.code).toBe("UPSTREAM_TIMEOUT");
  });

  it("does not cut off a slow upload: the clock starts once the body is sent", async () => {
    const upstream = await recordingUpstream((received, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ received: received.body.length }));
    });
    const chunks = 6;
    const chunkBytes = 16 * KB;
    let index = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (index === chunks) {
          controller.close();
          return;
        }
        await delay(100);
        controller.enqueue(patternChunk(index++, chunkBytes));
      },
    });
    const init: StreamingRequestInit = {
      method: "PUT",
      headers: { origin: PUBLIC_URL, "content-type": "application/octet-stream" },
      body,
      duplex: "half",
    };

    const started = performance.now();
    const response = await forwardToApi(
      new Request(`${PUBLIC_URL}/api/document-templates/t-1`, init),
      options(upstream.url, 300),
    );
    const elapsed = performance.now() - started;

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: chunks * chunkBytes });
    // The body took longer than the timeout, so this proves the timeout did not run during it.
    expect(elapsed).toBeGreaterThanOrEqual(500);
  });
});

describe("forwardToApi: Origin check", () => {
  const stateChanging = ["POST", "PUT", "PATCH", "DELETE"] as const;

  async function expectRefused(upstream: { arrived: ReceivedRequest[] }, response: Response) {
    expect(response.status).toBe(403);
    expect(((await response.json()) as ErrorBody).error.code).toBe("FORBIDDEN_ORIGIN");
    expect(upstream.arrived).toHaveLength(0);
    expectSecurityHeaders(response);
  }

  it.each(stateChanging)("refuses %s with a foreign Origin and never calls the API", async (method) => {
    const upstream = await recordingUpstream();
    const response = await forwardToApi(
      new Request(`${PUBLIC_URL}/api/admin/users/u-1`, {
        method,
        headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      }),
      options(upstream.url),
    );
    await expectRefused(upstream, response);
  });

  it.each(stateChanging)("refuses %s without an Origin", async (method) => {
    const upstream = await recordingUpstream();
    const response = await forwardToApi(
      new Request(`${PUBLIC_URL}/api/auth/refresh`, { method }),
      options(upstream.url),
    );
    await expectRefused(upstream, response);
  });

  it("refuses `Origin: null` (sandboxed frames, file: pages)", async () => {
    const upstream = await recordingUpstream();
    const response = await forwardToApi(
      new Request(`${PUBLIC_URL}/api/auth/refresh`, { method: "POST", headers: { origin: "null" } }),
      options(upstream.url),
    );
    await expectRefused(upstream, response);
  });

  it("refuses a cross-site request even when it claims our Origin", async () => {
    const upstream = await recordingUpstream();
    const response = await forwardToApi(
      new Request(`${PUBLIC_URL}/api/auth/refresh`, {
        method: "POST",
        headers: { origin: PUBLIC_URL, "sec-fetch-site": "cross-site" },
      }),
      options(upstream.url),
    );
    await expectRefused(upstream, response);
  });

  it("refuses an Origin that differs from ours only in scheme or port", async () => {
    const upstream = await recordingUpstream();
    for (const origin of ["https://localhost:3000", "http://localhost:3001", "http://localhost"]) {
      const response = await forwardToApi(
        new Request(`${PUBLIC_URL}/api/auth/refresh`, { method: "POST", headers: { origin } }),
        options(upstream.url),
      );
      expect(response.status, origin).toBe(403);
    }
    expect(upstream.arrived).toHaveLength(0);
  });

  it.each(stateChanging)("forwards %s from our public origin", async (method) => {
    const upstream = await recordingUpstream();
    const response = await forwardToApi(
      new Request(`${PUBLIC_URL}/api/documents/d-1`, {
        method,
        headers: { origin: PUBLIC_URL, "sec-fetch-site": "same-origin" },
      }),
      options(upstream.url),
    );
    expect(response.status).toBe(200);
    expect(upstream.arrived.map((received) => received.method)).toEqual([method]);
  });

  it("forwards a POST whose Origin matches the Host it was sent to", async () => {
    const upstream = await recordingUpstream();
    const response = await forwardToApi(
      new Request("http://127.0.0.1:3100/api/auth/login", {
        method: "POST",
        headers: { host: "127.0.0.1:3100", origin: "http://127.0.0.1:3100" },
        body: "{}",
      }),
      options(upstream.url),
    );
    expect(response.status).toBe(200);
    expect(upstream.arrived).toHaveLength(1);
  });

  it("forwards GET, HEAD and OPTIONS without an Origin", async () => {
    const upstream = await recordingUpstream();
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      const response = await forwardToApi(
        new Request(`${PUBLIC_URL}/api/me`, { method }),
        options(upstream.url),
      );
      expect(response.status, method).toBe(200);
    }
    expect(upstream.arrived.map((received) => received.method)).toEqual(["GET", "HEAD", "OPTIONS"]);
  });
});

describe("forwardToApi: the webshop's calls", () => {
  it("passes the shop's own key on without an Origin, and never a member's session", async () => {
    const upstream = await recordingUpstream();
    const response = await forwardToApi(
      new Request(`${PUBLIC_URL}/api/partner/orders`, {
        method: "POST",
        headers: { authorization: "Bearer pps_shop-key", "content-type": "application/json" },
        body: "{}",
      }),
      { ...options(upstream.url), accessToken: "member-session", deviceToken: "member-device" },
    );
    expect(response.status).toBe(200);
    expect(upstream.arrived).toHaveLength(1);
    expect(upstream.arrived[0]?.headers.authorization).toBe("Bearer pps_shop-key");
    expect(upstream.arrived[0]?.headers["x-device-token"]).toBeUndefined();
  });

  it("keeps a browser's Authorization away from every other call", async () => {
    const upstream = await recordingUpstream();
    await forwardToApi(
      new Request(`${PUBLIC_URL}/api/referral/list`, { headers: { authorization: "Bearer forged" } }),
      options(upstream.url),
    );
    await forwardToApi(
      new Request(`${PUBLIC_URL}/api/partnerx/orders`, {
        method: "POST",
        headers: { authorization: "Bearer forged", origin: PUBLIC_URL },
        body: "{}",
      }),
      options(upstream.url),
    );
    expect(upstream.arrived.map((received) => received.headers.authorization)).toEqual([
      undefined,
      undefined,
    ]);
  });
});

describe("forwardToApi: security headers", () => {
  it("sets them on a forwarded answer, a 403 and a 503", async () => {
    const upstream = await recordingUpstream();
    const ok = await forwardToApi(new Request(`${PUBLIC_URL}/api/me`), options(upstream.url));
    const refused = await forwardToApi(
      new Request(`${PUBLIC_URL}/api/me`, { method: "DELETE" }),
      options(upstream.url),
    );
    const down = await forwardToApi(new Request(`${PUBLIC_URL}/api/me`), options(await deadApiUrl()));

    expect([ok.status, refused.status, down.status]).toEqual([200, 403, 503]);
    for (const response of [ok, refused, down]) {
      expectSecurityHeaders(response);
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("adds HSTS only when the visitor came over https", async () => {
    const upstream = await recordingUpstream();
    const https = { "x-forwarded-proto": "https" };
    const answers = [
      await forwardToApi(new Request(`${PUBLIC_URL}/api/me`, { headers: https }), options(upstream.url)),
      await forwardToApi(
        new Request(`${PUBLIC_URL}/api/me`, { method: "POST", headers: https }),
        options(upstream.url),
      ),
      await forwardToApi(
        new Request(`${PUBLIC_URL}/api/me`, { headers: https }),
        options(await deadApiUrl()),
      ),
    ];

    expect(answers.map((response) => response.status)).toEqual([200, 403, 503]);
    for (const response of answers) {
      expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
      expectSecurityHeaders(response);
    }
    const plain = await forwardToApi(new Request(`${PUBLIC_URL}/api/me`), options(upstream.url));
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });

  it("keeps `sandbox` in the CSP of a download the API marked as sandboxed", async () => {
    const upstream = await recordingUpstream((received, response) => {
      const download = received.url.startsWith("/api/files/");
      response.writeHead(200, {
        "content-type": download ? "text/html" : "application/json",
        ...(download ? { "content-security-policy": "sandbox; default-src 'none'" } : {}),
      });
      response.end(download ? "<script>alert(1)</script>" : "{}");
    });

    const download = await forwardToApi(new Request(`${PUBLIC_URL}/api/files/f-1`), options(upstream.url));
    const json = await forwardToApi(new Request(`${PUBLIC_URL}/api/me`), options(upstream.url));

    expect(download.headers.get("content-security-policy")).toMatch(/(^|;\s*)sandbox(;|$)/);
    expectSecurityHeaders(download);
    expect(json.headers.get("content-security-policy")).not.toContain("sandbox");
  });

  it("uses a fresh nonce for every answer", async () => {
    const upstream = await recordingUpstream();
    const first = await forwardToApi(new Request(`${PUBLIC_URL}/api/me`), options(upstream.url));
    const second = await forwardToApi(new Request(`${PUBLIC_URL}/api/me`), options(upstream.url));
    const refused = await forwardToApi(
      new Request(`${PUBLIC_URL}/api/me`, { method: "POST" }),
      options(upstream.url),
    );

    const nonces = [nonceOf(first), nonceOf(second), nonceOf(refused)];
    expect(nonces.every(Boolean)).toBe(true);
    expect(new Set(nonces).size).toBe(3);
  });

  it("keeps the API's Referrer-Policy and otherwise sends no-referrer", async () => {
    const upstream = await recordingUpstream((received, response) => {
      response.writeHead(200, received.url === "/api/share" ? { "referrer-policy": "same-origin" } : {});
      response.end();
    });
    const shared = await forwardToApi(new Request(`${PUBLIC_URL}/api/share`), options(upstream.url));
    const plain = await forwardToApi(new Request(`${PUBLIC_URL}/api/me`), options(upstream.url));
    expect(shared.headers.get("referrer-policy")).toBe("same-origin");
    expect(plain.headers.get("referrer-policy")).toBe("no-referrer");
  });
});

describe("forwardToApi: one request per request", () => {
  it("sends a GET that declared a body length without that length, so the next call on the connection stays whole", async () => {
    const upstream = await recordingUpstream();
    // Next hands a GET on without its body but with all its headers, Content-Length included.
    const smuggler = new Request(`${PUBLIC_URL}/api/health`, { headers: { "content-length": "300" } });
    expect(smuggler.headers.get("content-length")).toBe("300");

    expect((await forwardToApi(smuggler, options(upstream.url))).status).toBe(200);
    const next = await forwardToApi(new Request(`${PUBLIC_URL}/api/auth/me`), options(upstream.url));

    expect(next.status).toBe(200);
    expect(upstream.arrived.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET /api/health",
      "GET /api/auth/me",
    ]);
    expect(upstream.arrived[0]?.headers["content-length"]).toBeUndefined();
    expect(upstream.arrived.every((request) => request.body.length === 0)).toBe(true);
  });
});
