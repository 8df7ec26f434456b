import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { handleBffRequest } from "./bff-session";
import { clientIpForApi } from "./client-ip";

// The client address the web tier hands the API, on a host that starts Next itself. The upstream
// is a real HTTP server on loopback playing the API; it records what X-Forwarded-For arrives.

const PUBLIC_URL = "http://localhost:3000";
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

async function recordingApi() {
  const received: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    received.push(request.headers);
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ok: true }));
    });
  });
  servers.add(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received };
}

// A client behind the platform's edge writes its own X-Forwarded-For, hoping to be counted as
// someone else; the platform sets its own header to the address it saw.
const spoofing = {
  "x-forwarded-for": "198.51.100.7",
  "cf-connecting-ip": "203.0.113.50",
  origin: PUBLIC_URL,
  "content-type": "application/json",
};

describe("clientIpForApi", () => {
  it("passes X-Forwarded-For as the web server wrote it when no header is named", () => {
    expect(clientIpForApi(new Headers({ "x-forwarded-for": "203.0.113.9" }), undefined)).toBe("203.0.113.9");
  });

  it("takes the named header instead, whatever X-Forwarded-For the client sent", () => {
    expect(clientIpForApi(new Headers(spoofing), "cf-connecting-ip")).toBe("203.0.113.50");
  });

  it("takes the last entry of a list, the one the platform appended", () => {
    const headers = new Headers({ "x-real-ip": "198.51.100.7, 203.0.113.51" });
    expect(clientIpForApi(headers, "x-real-ip")).toBe("203.0.113.51");
  });

  it("passes nothing when the named header is missing, never the client's X-Forwarded-For", () => {
    expect(clientIpForApi(new Headers({ "x-forwarded-for": "198.51.100.7" }), "fly-client-ip")).toBe("");
  });
});

describe("the BFF with CLIENT_IP_HEADER", () => {
  it("sends the platform header's address to the API on a forwarded call", async () => {
    const api = await recordingApi();
    const options = { apiUrl: api.url, publicUrl: PUBLIC_URL, timeoutMs: 5_000 };
    await handleBffRequest(new Request(`${PUBLIC_URL}/api/referrals`, { headers: spoofing }), {
      ...options,
      clientIpHeader: "cf-connecting-ip",
    });
    await handleBffRequest(new Request(`${PUBLIC_URL}/api/referrals`, { headers: spoofing }), options);
    expect(api.received.map((headers) => headers["x-forwarded-for"])).toEqual([
      "203.0.113.50",
      // Unset: the header as web/server/web-server.mjs left it (it rewrites it from the socket).
      "198.51.100.7",
    ]);
  });

  it("sends it on a sign-in, where the BFF calls the API itself", async () => {
    const api = await recordingApi();
    const response = await handleBffRequest(
      new Request(`${PUBLIC_URL}/api/auth/login`, {
        method: "POST",
        headers: spoofing,
        body: JSON.stringify({ email: "anna@example.com", password: "x" }),
      }),
      { apiUrl: api.url, publicUrl: PUBLIC_URL, timeoutMs: 5_000, clientIpHeader: "cf-connecting-ip" },
    );
    expect(api.received).toHaveLength(1);
    expect(api.received[0]?.["x-forwarded-for"]).toBe("203.0.113.50");
    // The fake API's answer is no token answer; what matters here is what it received.
    expect(response.status).toBe(502);
  });
});
