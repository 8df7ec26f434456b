import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_BODY_MAX_BYTES } from "@/lib/body-limits";
import { ID_IMAGE_MAX_BYTES } from "@/lib/constants";
import { bodyLimitFor } from "./bff-body-limit";
import { handleBffRequest } from "./bff-session";

// The upstream is a real HTTP server on loopback playing the API; it counts what reaches it.

const PUBLIC_URL = "http://localhost:3000";
const KB = 1024;
const MB = 1024 * KB;

const servers = new Set<Server>();

afterEach(async () => {
  await Promise.all(
    [...servers].map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
  servers.clear();
});

/** The API: reads each body to its end and answers with its size, or refuses after `refuseAfter` bytes. */
async function countingApi(refuseAfter = Number.POSITIVE_INFINITY) {
  const calls: { path: string; bytes: number }[] = [];
  const server = createServer((request, response) => {
    const call = { path: request.url ?? "", bytes: 0 };
    calls.push(call);
    let answered = false;
    request.on("data", (chunk: Buffer) => {
      call.bytes += chunk.length;
      if (call.bytes > refuseAfter && !answered) {
        answered = true;
        response.writeHead(413, { "content-type": "application/json", connection: "close" });
        response.end(JSON.stringify({ error: { code: "PAYLOAD_TOO_LARGE", message: "Too large." } }));
      }
    });
    request.on("end", () => {
      if (answered) return;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ received: call.bytes }));
    });
    request.on("error", () => {});
  });
  servers.add(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls };
}

/** A chunked body of `total` bytes made as it is read; `pulled()` tells how much was read. */
function streamedBody(total: number, chunkSize = 16 * KB) {
  let produced = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (produced >= total) return controller.close();
      const size = Math.min(chunkSize, total - produced);
      produced += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, pulled: () => produced, cancelled: () => cancelled };
}

function streamedPost(path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return new Request(`${PUBLIC_URL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: PUBLIC_URL, ...headers },
    body,
    ...({ duplex: "half" } as object),
  });
}

const options = (apiUrl: string) => ({ apiUrl, publicUrl: PUBLIC_URL, timeoutMs: 5_000 });

describe("the BFF caps every forwarded body", () => {
  it("20 MB chunked to a member call: 413 soon after 64 KB, the rest unread, no more than 64 KB passed on", async () => {
    const api = await countingApi();
    const body = streamedBody(20 * MB);
    const started = performance.now();

    const response = await handleBffRequest(
      streamedPost("/api/referral/create", body.stream),
      options(api.url),
    );

    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
    expect(response.headers.get("connection")).toBe("close");
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(body.pulled()).toBeLessThanOrEqual(DEFAULT_BODY_MAX_BYTES + 4 * 16 * KB);
    expect(body.cancelled()).toBe(true);
    for (const call of api.calls) expect(call.bytes).toBeLessThanOrEqual(DEFAULT_BODY_MAX_BYTES);
  });

  it("a declared Content-Length over 64 KB is refused before reading, the API not called", async () => {
    const api = await countingApi();
    const body = streamedBody(MB);

    const response = await handleBffRequest(
      streamedPost("/api/profile/personal", body.stream, { "content-length": String(MB) }),
      options(api.url),
    );

    expect(response.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(16 * KB);
    expect(api.calls).toHaveLength(0);
  });

  it("an ID upload keeps its larger cap: 3 MB streamed goes through whole", async () => {
    const api = await countingApi();
    const body = streamedBody(3 * MB, 64 * KB);

    const response = await handleBffRequest(
      streamedPost("/api/upload/personal-id", body.stream, {
        "content-type": "multipart/form-data; boundary=x",
      }),
      options(api.url),
    );

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: 3 * MB });
  });

  it("an upload declaring more than its own cap is refused before reading", async () => {
    const api = await countingApi();
    const body = streamedBody(MB);
    const declared = bodyLimitFor("POST", "/api/upload/personal-id") + 1;
    expect(declared).toBeGreaterThan(2 * ID_IMAGE_MAX_BYTES);

    const response = await handleBffRequest(
      streamedPost("/api/upload/personal-id", body.stream, { "content-length": String(declared) }),
      options(api.url),
    );

    expect(response.status).toBe(413);
    expect(api.calls).toHaveLength(0);
  });

  it("passes on the API's own 413 of an upload with Connection: close, and reads no further", async () => {
    const api = await countingApi(256 * KB);
    const body = streamedBody(8 * MB, 64 * KB);

    const response = await handleBffRequest(
      streamedPost("/api/upload/contract/personal", body.stream),
      options(api.url),
    );

    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    const pulledAtAnswer = body.pulled();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(body.cancelled()).toBe(true);
    expect(body.pulled()).toBeLessThanOrEqual(pulledAtAnswer + 64 * KB);
    expect(body.pulled()).toBeLessThan(8 * MB);
  });
});

describe("bodyLimitFor", () => {
  it("gives the larger caps only to the upload calls, by method and exact path", () => {
    expect(bodyLimitFor("POST", "/api/referral/create")).toBe(DEFAULT_BODY_MAX_BYTES);
    expect(bodyLimitFor("PUT", "/api/upload/personal-id")).toBe(DEFAULT_BODY_MAX_BYTES);
    expect(bodyLimitFor("POST", "/api/upload/personal-id/x")).toBe(DEFAULT_BODY_MAX_BYTES);
    expect(bodyLimitFor("PATCH", "/api/document-templates/t-1/state")).toBe(DEFAULT_BODY_MAX_BYTES);
    for (const [method, path] of [
      ["POST", "/api/upload/company-id"],
      ["POST", "/api/upload/contract/personal"],
      ["POST", "/api/document-templates"],
      ["PUT", "/api/document-templates/t-1"],
      ["POST", "/api/company-stamps"],
      ["POST", "/api/contracts/sign"],
      ["POST", "/api/contracts/resign"],
    ] as const) {
      expect(bodyLimitFor(method, path), `${method} ${path}`).toBeGreaterThan(DEFAULT_BODY_MAX_BYTES);
    }
  });
});
