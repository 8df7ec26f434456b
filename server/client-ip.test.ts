import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitNetwork, parseTrustedProxies, resolveClientIp } from "./infra/client-ip";
import { createTestApp, type TestApp } from "./testing/test-app";

// Web tier and API on different hosts, played by two loopback addresses: the API listens on
// 127.0.0.3 and believes X-Forwarded-For only from the web tier at 127.0.0.2. Every client
// behind that web tier keeps a limit of its own; a client reaching the API from anywhere else
// cannot pick its address with a header.

const API_HOST = "127.0.0.3";
const WEB_TIER = "127.0.0.2";
const STRANGER = "127.0.0.4";

let api: TestApp;
let server: ReturnType<typeof serve>;
let port: number;

beforeAll(async () => {
  api = await createTestApp({ trustedProxies: `${WEB_TIER}` });
  server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: api.app.fetch, hostname: API_HOST, port: 0 }, () => resolve(started));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await api?.close();
});

/** A reset request sent from `from` (the connection's own address) naming `forwardedFor`. */
function requestReset(from: string, forwardedFor?: string): Promise<number> {
  const body = JSON.stringify({ email: `nobody-${crypto.randomBytes(5).toString("hex")}@example.com` });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: API_HOST,
        port,
        localAddress: from,
        method: "POST",
        path: "/api/auth/request-password-reset",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
        },
        agent: false,
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Sends until the first 429 (bounded); returns how many were let through before it. */
async function untilLimited(send: () => Promise<number>): Promise<number> {
  for (let sent = 0; sent < 100; sent++) {
    const status = await send();
    if (status === 429) return sent;
    expect(status).toBe(200);
  }
  throw new Error("no limit within 100 requests");
}

describe("client IP behind a web tier on another host", () => {
  it("each client behind the trusted web tier has a limit of its own", async () => {
    const allowed = await untilLimited(() => requestReset(WEB_TIER, "198.51.100.10"));
    expect(allowed).toBeGreaterThan(0);

    // Another client through the same web tier is not locked out by the first one.
    expect(await requestReset(WEB_TIER, "198.51.100.11")).toBe(200);
    expect(await requestReset(WEB_TIER, "198.51.100.10")).toBe(429);
  });

  it("a peer that is not a trusted web tier is counted by its own address, whatever it forwards", async () => {
    let serial = 0;
    const allowed = await untilLimited(() => requestReset(STRANGER, `192.0.2.${++serial}`));
    expect(allowed).toBeGreaterThan(0);
    expect(await requestReset(STRANGER, "192.0.2.250")).toBe(429);
    // The stranger's flood did not touch the clients of the web tier.
    expect(await requestReset(WEB_TIER, "198.51.100.12")).toBe(200);
  });

  it("IPv6 clients are limited per /64: rotating addresses inside one network does not help", async () => {
    let serial = 0;
    const allowed = await untilLimited(() =>
      requestReset(WEB_TIER, `2001:db8:1:2::${(++serial).toString(16)}`),
    );
    expect(allowed).toBeGreaterThan(0);
    expect(await requestReset(WEB_TIER, "2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe(429);
    expect(await requestReset(WEB_TIER, "2001:db8:1:3::1")).toBe(200);
  });
});

describe("resolveClientIp and limitNetwork", () => {
  const loopback = parseTrustedProxies("127.0.0.0/8,::1");

  it("believes only the last forwarded address, and only from a trusted peer", () => {
    expect(resolveClientIp("127.0.0.1", "6.6.6.6, 203.0.113.9", loopback)).toBe("203.0.113.9");
    expect(resolveClientIp("::ffff:127.0.0.1", "203.0.113.9", loopback)).toBe("203.0.113.9");
    expect(resolveClientIp("198.51.100.7", "203.0.113.9", loopback)).toBe("198.51.100.7");
    expect(resolveClientIp("::ffff:198.51.100.7", undefined, loopback)).toBe("198.51.100.7");
    expect(resolveClientIp("127.0.0.1", "not-an-ip", loopback)).toBe("127.0.0.1");
  });

  it("trusts CIDR ranges and refuses a malformed list", () => {
    const ranges = parseTrustedProxies("10.1.0.0/16, fd00::/8");
    expect(resolveClientIp("10.1.200.3", "203.0.113.9", ranges)).toBe("203.0.113.9");
    expect(resolveClientIp("fd00::5", "203.0.113.9", ranges)).toBe("203.0.113.9");
    expect(resolveClientIp("10.2.0.1", "203.0.113.9", ranges)).toBe("10.2.0.1");
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseTrustedProxies("web-tier.internal")).toThrow(/web-tier/);
  });

  it("maps IPv6 to its /64 and leaves IPv4 alone", () => {
    expect(limitNetwork("2001:db8:1:2::a")).toBe("2001:db8:1:2::/64");
    expect(limitNetwork("2001:0db8:0001:0002:ffff:0:0:1")).toBe("2001:db8:1:2::/64");
    expect(limitNetwork("::1")).toBe("0:0:0:0::/64");
    expect(limitNetwork("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(limitNetwork("203.0.113.5")).toBe("203.0.113.5");
  });
});
