import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { webServerOptions } from "./server-timeouts.mjs";

// The web tier's server (web/server/web-server.mjs) with these options and a stand-in for Next's
// handler that reads the whole body, as the BFF does before it answers.
const servers: http.Server[] = [];

async function listen(env: Record<string, string | undefined>): Promise<number> {
  const server = http.createServer(webServerOptions(env), (request, response) => {
    request.resume();
    request.on("end", () => response.end("ok"));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** Sends `data` in `size`-byte pieces `gapMs` apart; resolves with what came back once closed. */
function drip(port: number, data: Buffer, size: number, gapMs: number) {
  return new Promise<{ answer: string; ms: number }>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const started = performance.now();
    let answer = "";
    let offset = 0;
    const timer = setInterval(() => {
      if (offset >= data.length || !socket.writable) return;
      socket.write(data.subarray(offset, offset + size));
      offset += size;
    }, gapMs);
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ answer, ms: performance.now() - started });
    });
  });
}

describe("the web tier's server timeouts", () => {
  it("cut a request whose body drips a few bytes at a time with 408 at REQUEST_TIMEOUT_SECONDS", async () => {
    const port = await listen({ REQUEST_TIMEOUT_SECONDS: "2" });
    const request = Buffer.concat([
      Buffer.from(`POST /api/upload/personal-id HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n`),
      Buffer.alloc(100_000, 0x41),
    ]);

    const { answer, ms } = await drip(port, request, 16, 100);

    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeGreaterThanOrEqual(2_000);
    expect(ms).toBeLessThan(7_000);
  });

  it("cut headers that never end with 408", async () => {
    const port = await listen({ REQUEST_TIMEOUT_SECONDS: "2" });
    const head = Buffer.from(`GET / HTTP/1.1\r\nHost: x\r\n${"X-Slow: a\r\n".repeat(500)}`);

    const { answer, ms } = await drip(port, head, 8, 100);

    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeLessThan(7_000);
  });

  it("default to 5 minutes a request (two 10 MB images at 1 Mbit/s fit) and 20 s for the headers", () => {
    const options = webServerOptions({});
    const slowMobileUploadMs = ((2 * 10 * 1024 * 1024 * 8) / 1_000_000) * 1000;

    expect(options.requestTimeout).toBe(300_000);
    expect(options.requestTimeout).toBeGreaterThan(slowMobileUploadMs * 1.5);
    expect(options.headersTimeout).toBe(20_000);
    expect(options.connectionsCheckingInterval).toBeLessThanOrEqual(2_000);
    expect(webServerOptions({ REQUEST_TIMEOUT_SECONDS: "" }).requestTimeout).toBe(300_000);
  });

  it("refuse a malformed REQUEST_TIMEOUT_SECONDS, so the start fails and says why", () => {
    for (const value of ["0", "-5", "1.5", "ten", "100000"]) {
      expect(() => webServerOptions({ REQUEST_TIMEOUT_SECONDS: value })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
    }
  });
});
