import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterEach } from "vitest";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { ACCESS_TOKEN } from "@/lib/constants";
import { type SessionUser, type TokenResponse, tokenResponseSchema } from "@/lib/schemas/auth";

// A real HTTP server on loopback playing the API, for the web tier's session code
// (web/session-api.test.ts, web/page-proxy.test.ts).

export const ACCESS_LIFETIME_S = 15 * 60;
export const REFRESH_LIFETIME_S = 30 * 24 * 60 * 60;

const sessionUser: SessionUser = {
  id: "0b6f4c1e-7d5a-4a57-9d7e-1f0c2b3a4d5e",
  email: "anna.schmidt@example.com",
  userType: "personal",
  role: "user",
  status: "active",
  firstName: "Anna",
  lastName: "Schmidt",
  fullName: "Anna Schmidt",
  name: null,
  companyName: null,
  language: "de",
  permissions: ["can_create_referrals"],
  createdAt: "2025-01-02T03:04:05.000Z",
  updatedAt: "2025-01-03T03:04:05.000Z",
  lastLogin: null,
};

export type Received = { method: string; path: string; headers: IncomingHttpHeaders; body: unknown };
export type Answer = { status: number; body?: unknown };

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

/** The API's signing key: access tokens signed with it pass web/access-token.ts against authApi.jwks. */
async function signingKey() {
  const { publicKey, privateKey } = await generateKeyPair(ACCESS_TOKEN.algorithm, { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: ACCESS_TOKEN.algorithm, use: "sig" };
  const sign = (serial: number) =>
    new SignJWT({
      sid: `session-${serial}`,
      role: sessionUser.role,
      userType: sessionUser.userType,
      permissions: [],
    })
      .setProtectedHeader({ alg: ACCESS_TOKEN.algorithm, kid: jwk.kid })
      .setSubject(sessionUser.id)
      .setIssuer(ACCESS_TOKEN.issuer)
      .setAudience(ACCESS_TOKEN.audience)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_LIFETIME_S}s`)
      .sign(privateKey);
  return { jwks: { keys: [jwk] }, sign };
}

/**
 * The API: records every call but the key set's, serves its key set at authApi.jwks, and
 * answers authApi.refresh with rotated tokens (the access token signed, its refresh token
 * `refresh-token-<serial>`), everything else `{ ok: true }`, unless the test passes its own answer.
 */
export async function loopbackApi(answer?: (received: Received) => Answer | undefined) {
  const key = await signingKey();
  const received: Received[] = [];
  const issued: TokenResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      if (request.url === apiPath(authApi.jwks)) {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(key.jwks));
        return;
      }
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {}
      const call: Received = {
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body,
      };
      received.push(call);
      let reply = answer?.(call);
      if (!reply && call.path === apiPath(authApi.refresh)) {
        const serial = issued.length + 1;
        const now = Date.now();
        const tokens = tokenResponseSchema.parse({
          accessToken: await key.sign(serial),
          accessTokenExpiresAt: new Date(now + ACCESS_LIFETIME_S * 1000).toISOString(),
          refreshToken: `refresh-token-${serial}`,
          refreshTokenExpiresAt: new Date(now + REFRESH_LIFETIME_S * 1000).toISOString(),
          user: sessionUser,
        });
        issued.push(tokens);
        reply = { status: 200, body: tokens };
      }
      reply ??= { status: 200, body: { ok: true } };
      response.writeHead(reply.status, { "content-type": "application/json" });
      response.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
    });
  });
  servers.add(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, issued };
}

/** A port nothing listens on: bind one, then let it go. */
export async function closedApiUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export type SetCookie = { name: string; value: string; attributes: Map<string, string> };

export function setCookies(response: Response | string[]): SetCookie[] {
  const headers = Array.isArray(response) ? response : response.headers.getSetCookie();
  return headers.map((header) => {
    const [pair = "", ...rest] = header.split(";");
    const index = pair.indexOf("=");
    const attributes = new Map<string, string>();
    for (const attribute of rest) {
      const [name = "", ...value] = attribute.trim().split("=");
      attributes.set(name.toLowerCase(), value.join("="));
    }
    return { name: pair.slice(0, index).trim(), value: pair.slice(index + 1), attributes };
  });
}
