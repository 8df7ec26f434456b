import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { DEFAULT_TRUSTED_PROXIES, parseTrustedProxies } from "../../lib/runtime/trusted-proxies.mjs";
import { clientAddress, settleForwardedHeaders } from "./client-address.mjs";

// The proxies of these examples: 10.0.0.0/24 in front of the web tier; loopback by default.
const proxies = parseTrustedProxies("10.0.0.0/24");
const loopback = parseTrustedProxies(DEFAULT_TRUSTED_PROXIES);

describe("the client address the web tier passes on", () => {
  it("without proxies: the connection's address, whatever the client wrote", () => {
    expect(clientAddress("6.6.6.6", "203.0.113.9", 0, proxies)).toBe("203.0.113.9");
    expect(clientAddress(undefined, "203.0.113.9", 0, proxies)).toBe("203.0.113.9");
    // Even from a trusted address: with no hops configured, no header names the client.
    expect(clientAddress("6.6.6.6", "10.0.0.2", 0, proxies)).toBe("10.0.0.2");
  });

  it("behind one trusted proxy: the address it appended, not the client's own prefix", () => {
    expect(clientAddress("6.6.6.6, 198.51.100.4", "10.0.0.2", 1, proxies)).toBe("198.51.100.4");
    expect(clientAddress("198.51.100.4", "::ffff:10.0.0.2", 1, proxies)).toBe("198.51.100.4");
  });

  it("behind two trusted proxies: the entry the outer one appended", () => {
    expect(clientAddress("6.6.6.6, 198.51.100.4, 10.0.0.9", "10.0.0.2", 2, proxies)).toBe("198.51.100.4");
  });

  it("a client reaching the web port directly gets its socket address, whatever it forged", () => {
    // TRUST_PROXY_HOPS=1, but the connection is not from a proxy: the header is the client's.
    expect(clientAddress("6.6.6.6", "203.0.113.9", 1, proxies)).toBe("203.0.113.9");
    expect(clientAddress("6.6.6.6, 10.0.0.9", "203.0.113.9", 2, proxies)).toBe("203.0.113.9");
    expect(clientAddress("6.6.6.6", "203.0.113.9", 1, loopback)).toBe("203.0.113.9");
  });

  it("walks back only while each hop is a trusted proxy", () => {
    // The inner proxy saw 198.51.100.4, which is no proxy: its own entry before that is not believed.
    expect(clientAddress("6.6.6.6, 198.51.100.4", "10.0.0.2", 2, proxies)).toBe("198.51.100.4");
  });

  it("a request that skipped the proxies is counted by its connection", () => {
    expect(clientAddress("", "203.0.113.9", 1, proxies)).toBe("203.0.113.9");
    expect(clientAddress("198.51.100.4", "203.0.113.9", 2, proxies)).toBe("203.0.113.9");
    expect(clientAddress("", "10.0.0.2", 1, proxies)).toBe("10.0.0.2");
  });
});

describe("the X-Forwarded-* headers the web tier believes", () => {
  const forged = (): IncomingHttpHeaders => ({
    host: "web:3000",
    "x-forwarded-for": "6.6.6.6",
    "x-forwarded-proto": "https",
    "x-forwarded-host": "evil.example",
    "x-forwarded-port": "443",
  });

  it("from a direct client: its socket address, and its scheme and host headers dropped", () => {
    const headers = forged();

    settleForwardedHeaders(headers, "203.0.113.9", { hops: 1, trusted: proxies });

    expect(headers).toEqual({ host: "web:3000", "x-forwarded-for": "203.0.113.9" });
  });

  it("from a trusted proxy: its client address, scheme and host are kept", () => {
    const headers = forged();

    settleForwardedHeaders(headers, "10.0.0.2", { hops: 1, trusted: proxies });

    expect(headers).toEqual({ ...forged(), "x-forwarded-for": "6.6.6.6" });
  });

  it("from a trusted proxy with no hops configured: the scheme and host stay, the address is the socket's", () => {
    const headers = forged();

    settleForwardedHeaders(headers, "127.0.0.1", { hops: 0, trusted: loopback });

    expect(headers).toEqual({ ...forged(), "x-forwarded-for": "127.0.0.1" });
  });
});

describe("TRUSTED_PROXIES", () => {
  it("refuses an entry that is no address or range", () => {
    expect(() => parseTrustedProxies("10.0.0.0/24, proxy.internal")).toThrow(/proxy\.internal/);
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(/10\.0\.0\.0\/33/);
  });
});
