import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type SessionUser, tokenResponseSchema } from "@/lib/schemas/auth";
import { BFF_JSON_BODY_LIMIT, handleBffRequest } from "./bff-session";

// The upstream here is a real HTTP server on loopback playing the API. The unit under test is the
// BFF's session handling: tokens go into httpOnly cookies and never to the page,
// session calls need our Origin (18), and no answer opens the API to other sites (19).

const PUBLIC_URL = "http://localhost:3000";
const HTTPS_PUBLIC_URL = "https://localhost:3000";
const ACCESS_LIFETIME_S = 15 * 60;
const REFRESH_LIFETIME_S = 30 * 24 * 60 * 60;

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

type ErrorBody = { error: { code: string; message: string } };
type Received = { method: string; path: string; headers: IncomingHttpHeaders; body: unknown };
type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

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

/** A valid token answer; every call issues new tokens, as the API rotates them. */
function tokenAnswer(serial: number) {
  const now = Date.now();
  return tokenResponseSchema.parse({
    accessToken: `access-token-${serial}`,
    accessTokenExpiresAt: new Date(now + ACCESS_LIFETIME_S * 1000).toISOString(),
    refreshToken: `refresh-token-${serial}`,
    refreshTokenExpiresAt: new Date(now + REFRESH_LIFETIME_S * 1000).toISOString(),
    user: sessionUser,
  });
}

const TOKEN_PATHS = new Set([
  "/api/auth/login",
  "/api/auth/login-code/verify",
  "/api/auth/login/totp",
  "/api/auth/refresh",
]);

/**
 * The API: records every request, and answers token calls with fresh tokens and everything else
 * with `{ ok: true }`, unless the test passes its own answer.
 */
async function fakeApi(answer?: (received: Received, serial: number) => Answer) {
  const received: Received[] = [];
  const sent: unknown[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
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
      const serial = received.length;
      const reply =
        answer?.(call, serial) ??
        (TOKEN_PATHS.has(call.path)
          ? { status: 200, body: tokenAnswer(serial) }
          : { status: 200, body: { ok: true } });
      sent.push(reply.body);
      response.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      response.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
    });
  });
  servers.add(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, sent };
}

/** A port nothing listens on: bind one, then let it go. */
async function closedApiUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function options(apiUrl: string, publicUrl = PUBLIC_URL) {
  return { apiUrl, publicUrl, timeoutMs: 2000 };
}

/** A same-origin POST as the page's fetch sends it; pass `origin: null` to leave Origin out. */
function post(
  path: string,
  init: { body?: unknown; cookie?: string; origin?: string | null; headers?: Record<string, string> } = {},
): Request {
  const headers: Record<string, string> = { "content-type": "application/json", ...init.headers };
  if (init.origin !== null) headers.origin = init.origin ?? PUBLIC_URL;
  if (init.cookie) headers.cookie = init.cookie;
  return new Request(`${PUBLIC_URL}${path}`, {
    method: "POST",
    headers,
    body: JSON.stringify(init.body ?? {}),
  });
}

/** The same request as it arrives behind the TLS proxy: https, our https origin. */
function httpsPost(path: string, init: { body?: unknown; cookie?: string } = {}): Request {
  return post(path, { ...init, origin: HTTPS_PUBLIC_URL, headers: { "x-forwarded-proto": "https" } });
}

type SetCookie = { name: string; value: string; attributes: Map<string, string> };

function setCookies(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map((header) => {
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

function expectSessionCookieFlags(cookie: SetCookie | undefined, https: boolean) {
  expect(cookie?.attributes.has("httponly"), cookie?.name).toBe(true);
  expect(cookie?.attributes.get("samesite"), cookie?.name).toBe("Lax");
  expect(cookie?.attributes.get("path"), cookie?.name).toBe("/");
  expect(cookie?.attributes.has("domain"), cookie?.name).toBe(false);
  expect(cookie?.attributes.has("secure"), cookie?.name).toBe(https);
}

function expectMaxAgeAbout(cookie: SetCookie | undefined, seconds: number) {
  const maxAge = Number(cookie?.attributes.get("max-age"));
  expect(maxAge, cookie?.name).toBeGreaterThan(seconds - 10);
  expect(maxAge, cookie?.name).toBeLessThanOrEqual(seconds);
}

/** Both session cookies issued with the given tokens. */
function expectSessionSet(response: Response, serial: number, https = false) {
  const prefix = https ? "__Host-" : "";
  const cookies = setCookies(response);
  expect(cookies.map((cookie) => cookie.name)).toEqual([`${prefix}pp_at`, `${prefix}pp_rt`]);
  const [access, refresh] = cookies;
  expect(access?.value).toBe(`access-token-${serial}`);
  expect(refresh?.value).toBe(`refresh-token-${serial}`);
  expectMaxAgeAbout(access, ACCESS_LIFETIME_S);
  expectMaxAgeAbout(refresh, REFRESH_LIFETIME_S);
  for (const cookie of cookies) expectSessionCookieFlags(cookie, https);
}

/** Both session cookies emptied and expired, with the flags the browser needs to replace them. */
function expectSessionCleared(response: Response, https = false) {
  const prefix = https ? "__Host-" : "";
  const cookies = setCookies(response);
  expect(cookies.map((cookie) => cookie.name)).toEqual([`${prefix}pp_at`, `${prefix}pp_rt`]);
  for (const cookie of cookies) {
    expect(cookie.value, cookie.name).toBe("");
    expect(cookie.attributes.get("max-age"), cookie.name).toBe("0");
    expectSessionCookieFlags(cookie, https);
  }
}

/** No Set-Cookie gives the browser a session (clearing one is allowed). */
function expectNoSessionIssued(response: Response) {
  for (const cookie of setCookies(response)) {
    expect(cookie.value, cookie.name).toBe("");
    expect(cookie.attributes.get("max-age"), cookie.name).toBe("0");
  }
}

/** The page's view: exactly the user and the access token's expiry the API sent, no token. */
async function expectBrowserSession(response: Response, sent: unknown) {
  const tokens = tokenResponseSchema.parse(sent);
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({ user: sessionUser, accessTokenExpiresAt: tokens.accessTokenExpiresAt });
  for (const secret of [tokens.accessToken, tokens.refreshToken, '"accessToken"', '"refreshToken"']) {
    expect(text).not.toContain(secret);
  }
}

const LOGIN_PATHS = [
  ["/api/auth/login", { email: "anna.schmidt@example.com", password: "Correct horse 1!" }],
  ["/api/auth/login-code/verify", { email: "anna.schmidt@example.com", code: "123456" }],
  ["/api/auth/login/totp", { challenge: "signed.challenge", code: "654321" }],
] as const;

describe("login and login-code verify", () => {
  it.each(LOGIN_PATHS)(
    "%s over http: the page gets user and expiry, the tokens go into pp_at/pp_rt",
    async (path, credentials) => {
      const api = await fakeApi();

      const response = await handleBffRequest(post(path, { body: credentials }), options(api.url));

      expect(response.status).toBe(200);
      expectSessionSet(response, 1);
      await expectBrowserSession(response, api.sent[0]);
      expect(api.received).toHaveLength(1);
      expect(api.received[0]?.method).toBe("POST");
      expect(api.received[0]?.path).toBe(path);
      expect(api.received[0]?.body).toEqual(credentials);
      expect(api.received[0]?.headers["content-type"]).toBe("application/json");
    },
  );

  it.each(LOGIN_PATHS)("%s over https: __Host- cookies, Secure", async (path, credentials) => {
    const api = await fakeApi();

    const response = await handleBffRequest(
      httpsPost(path, { body: credentials }),
      options(api.url, HTTPS_PUBLIC_URL),
    );

    expect(response.status).toBe(200);
    expectSessionSet(response, 1, true);
    await expectBrowserSession(response, api.sent[0]);
  });

  it.each(LOGIN_PATHS)(
    "%s refused by the API: status and error pass through, no session",
    async (path, credentials) => {
      const error = { error: { code: "INVALID_CREDENTIALS", message: "Invalid email or password." } };
      const api = await fakeApi(() => ({ status: 401, body: error }));

      const response = await handleBffRequest(post(path, { body: credentials }), options(api.url));

      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(error);
      expectNoSessionIssued(response);
      expect(api.received).toHaveLength(1);
    },
  );

  it("does not send the browser's cookies or a Bearer token along with the credentials", async () => {
    const api = await fakeApi();

    await handleBffRequest(
      post("/api/auth/login", {
        body: LOGIN_PATHS[0][1],
        cookie: "pp_at=old-access; pp_rt=old-refresh",
        headers: { authorization: "Bearer forged" },
      }),
      options(api.url),
    );

    expect(api.received[0]?.headers.cookie).toBeUndefined();
    expect(api.received[0]?.headers.authorization).toBeUndefined();
  });

  it.each(LOGIN_PATHS.slice(0, 2))(
    "%s for an account with two-factor sign-in: the challenge reaches the page, no session",
    async (path, credentials) => {
      const challenge = { mfaRequired: true, challenge: "payload.signature" };
      const api = await fakeApi(() => ({ status: 200, body: challenge }));

      const response = await handleBffRequest(post(path, { body: credentials }), options(api.url));

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(challenge);
      expect(response.headers.getSetCookie()).toEqual([]);
    },
  );

  it("answers 502 and sets no cookies when the API's 200 carries no tokens", async () => {
    const api = await fakeApi(() => ({ status: 200, body: { user: sessionUser } }));

    const response = await handleBffRequest(
      post("/api/auth/login", { body: LOGIN_PATHS[0][1] }),
      options(api.url),
    );

    expect(response.status).toBe(502);
    expect(((await response.json()) as ErrorBody).error.code).toBe("BAD_GATEWAY");
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("refresh", () => {
  it("sends the refresh cookie's token to the API and sets the rotated tokens", async () => {
    const api = await fakeApi();

    const response = await handleBffRequest(
      post("/api/auth/refresh", { cookie: "lang=de; pp_at=old-access; pp_rt=old-refresh" }),
      options(api.url),
    );

    expect(response.status).toBe(200);
    expect(api.received).toHaveLength(1);
    expect(api.received[0]?.path).toBe("/api/auth/refresh");
    expect(api.received[0]?.body).toEqual({ refreshToken: "old-refresh" });
    expectSessionSet(response, 1);
    await expectBrowserSession(response, api.sent[0]);
  });

  it("over https reads the __Host- cookie and sets __Host- cookies", async () => {
    const api = await fakeApi();

    const response = await handleBffRequest(
      httpsPost("/api/auth/refresh", { cookie: "__Host-pp_rt=old-refresh" }),
      options(api.url, HTTPS_PUBLIC_URL),
    );

    expect(response.status).toBe(200);
    expect(api.received[0]?.body).toEqual({ refreshToken: "old-refresh" });
    expectSessionSet(response, 1, true);
  });

  it("over https ignores an unprefixed pp_rt (another host can set that one)", async () => {
    const api = await fakeApi();

    const response = await handleBffRequest(
      httpsPost("/api/auth/refresh", { cookie: "pp_rt=tossed-refresh" }),
      options(api.url, HTTPS_PUBLIC_URL),
    );

    expect(response.status).toBe(401);
    expect(api.received).toHaveLength(0);
  });

  it("without the refresh cookie: 401 SESSION_EXPIRED, cookies cleared, the API not called", async () => {
    const api = await fakeApi();

    const response = await handleBffRequest(
      post("/api/auth/refresh", { cookie: "pp_at=old-access" }),
      options(api.url),
    );

    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorBody).error.code).toBe("SESSION_EXPIRED");
    expectSessionCleared(response);
    expect(api.received).toHaveLength(0);
  });

  it.each([401, 403])(
    "API answers %i (revoked, reused): the error passes through, cookies cleared",
    async (status) => {
      const error = { error: { code: "SESSION_EXPIRED", message: "Session expired." } };
      const api = await fakeApi(() => ({ status, body: error }));

      const response = await handleBffRequest(
        post("/api/auth/refresh", { cookie: "pp_at=old-access; pp_rt=old-refresh" }),
        options(api.url),
      );

      expect(response.status).toBe(status);
      expect(await response.json()).toEqual(error);
      expectSessionCleared(response);
    },
  );

  it("API down: 503 and the cookies stay, so a blip does not sign the user out", async () => {
    const response = await handleBffRequest(
      post("/api/auth/refresh", { cookie: "pp_at=old-access; pp_rt=old-refresh" }),
      options(await closedApiUrl()),
    );

    expect(response.status).toBe(503);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("logout", () => {
  it("revokes the refresh token at the API and clears both cookies", async () => {
    const api = await fakeApi();

    const response = await handleBffRequest(
      post("/api/auth/logout", { cookie: "pp_at=access-1; pp_rt=refresh-1" }),
      options(api.url),
    );

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expectSessionCleared(response);
    expect(api.received).toHaveLength(1);
    expect(api.received[0]?.method).toBe("POST");
    expect(api.received[0]?.path).toBe("/api/auth/logout");
    expect(api.received[0]?.body).toEqual({ refreshToken: "refresh-1" });
  });

  it("over https clears the __Host- cookies", async () => {
    const api = await fakeApi();

    const response = await handleBffRequest(
      httpsPost("/api/auth/logout", { cookie: "__Host-pp_at=access-1; __Host-pp_rt=refresh-1" }),
      options(api.url, HTTPS_PUBLIC_URL),
    );

    expect(response.status).toBe(200);
    expectSessionCleared(response, true);
    expect(api.received[0]?.body).toEqual({ refreshToken: "refresh-1" });
  });

  it("still answers 200 and clears both cookies when the API is down", async () => {
    const response = await handleBffRequest(
      post("/api/auth/logout", { cookie: "pp_at=access-1; pp_rt=refresh-1" }),
      options(await closedApiUrl()),
    );

    expect(response.status).toBe(200);
    expectSessionCleared(response);
  });

  it("still answers 200 and clears both cookies when the API fails", async () => {
    const api = await fakeApi(() => ({ status: 500, body: { error: { code: "INTERNAL", message: "x" } } }));

    const response = await handleBffRequest(
      post("/api/auth/logout", { cookie: "pp_at=access-1; pp_rt=refresh-1" }),
      options(api.url),
    );

    expect(response.status).toBe(200);
    expectSessionCleared(response);
    expect(api.received).toHaveLength(1);
  });

  it("without a refresh cookie clears the cookies without calling the API", async () => {
    const api = await fakeApi();

    const response = await handleBffRequest(post("/api/auth/logout"), options(api.url));

    expect(response.status).toBe(200);
    expectSessionCleared(response);
    expect(api.received).toHaveLength(0);
  });
});

describe("CSRF: session calls need our Origin", () => {
  const paths = ["/api/auth/login", "/api/auth/login-code/verify", "/api/auth/refresh", "/api/auth/logout"];
  const origins: [string, Record<string, string | null>][] = [
    ["a foreign Origin", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }],
    ["a foreign Origin without Sec-Fetch-Site", { origin: "https://evil.example" }],
    ["no Origin", { origin: null }],
    ["Origin: null", { origin: "null" }],
    ["our Origin on a cross-site request", { origin: PUBLIC_URL, "sec-fetch-site": "cross-site" }],
  ];
  const cases = paths.flatMap((path) => origins.map(([label, headers]) => [path, label, headers] as const));

  it.each(cases)(
    "%s with %s: 403 FORBIDDEN_ORIGIN, no cookies, the API not called",
    async (path, _label, headers) => {
      const api = await fakeApi();
      const { origin, ...rest } = headers;
      const extra = Object.fromEntries(
        Object.entries(rest).filter((entry): entry is [string, string] => entry[1] !== null),
      );

      const response = await handleBffRequest(
        post(path, {
          origin,
          body: LOGIN_PATHS[0][1],
          cookie: "pp_at=access-1; pp_rt=refresh-1",
          headers: extra,
        }),
        options(api.url),
      );

      expect(response.status).toBe(403);
      expect(((await response.json()) as ErrorBody).error.code).toBe("FORBIDDEN_ORIGIN");
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(api.received).toHaveLength(0);
    },
  );
});

describe("other calls go to the API with the access token as Bearer", () => {
  it("GET /api/auth/me with the access cookie: Bearer token, no cookies", async () => {
    const api = await fakeApi(() => ({ status: 200, body: { user: sessionUser, profile: null } }));

    const response = await handleBffRequest(
      new Request(`${PUBLIC_URL}/api/auth/me`, {
        headers: { cookie: "lang=de; pp_at=access-1; pp_rt=refresh-1" },
      }),
      options(api.url),
    );

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user: sessionUser, profile: null });
    expect(api.received).toHaveLength(1);
    expect(api.received[0]?.method).toBe("GET");
    expect(api.received[0]?.path).toBe("/api/auth/me");
    expect(api.received[0]?.headers.authorization).toBe("Bearer access-1");
    expect(api.received[0]?.headers.cookie).toBeUndefined();
  });

  it("over https uses the __Host- access cookie", async () => {
    const api = await fakeApi();

    await handleBffRequest(
      new Request(`${PUBLIC_URL}/api/auth/me`, {
        headers: { "x-forwarded-proto": "https", cookie: "pp_at=tossed; __Host-pp_at=access-1" },
      }),
      options(api.url, HTTPS_PUBLIC_URL),
    );

    expect(api.received[0]?.headers.authorization).toBe("Bearer access-1");
  });

  it("a same-origin POST elsewhere is forwarded with the Bearer token and its body", async () => {
    const api = await fakeApi();

    const response = await handleBffRequest(
      post("/api/referrals", { body: { maxUses: 3 }, cookie: "pp_at=access-1; pp_rt=refresh-1" }),
      options(api.url),
    );

    expect(response.status).toBe(200);
    expect(api.received[0]?.path).toBe("/api/referrals");
    expect(api.received[0]?.body).toEqual({ maxUses: 3 });
    expect(api.received[0]?.headers.authorization).toBe("Bearer access-1");
    expect(api.received[0]?.headers.cookie).toBeUndefined();
  });

  it("without the access cookie no Authorization reaches the API, not even one the browser sent", async () => {
    const api = await fakeApi(() => ({
      status: 401,
      body: { error: { code: "UNAUTHORIZED", message: "x" } },
    }));

    const response = await handleBffRequest(
      new Request(`${PUBLIC_URL}/api/auth/me`, {
        headers: { cookie: "pp_rt=refresh-1", authorization: "Bearer forged" },
      }),
      options(api.url),
    );

    expect(response.status).toBe(401);
    expect(api.received).toHaveLength(1);
    expect(api.received[0]?.headers.authorization).toBeUndefined();
    expect(api.received[0]?.headers.cookie).toBeUndefined();
  });
});

describe("CORS: no answer lets another site read it", () => {
  // A misbehaving API that reflects any Origin with credentials on every answer.
  const reflectingApi = () =>
    fakeApi((received, serial) => {
      const headers = {
        "access-control-allow-origin": String(received.headers.origin ?? "*"),
        "access-control-allow-credentials": "true",
        "access-control-allow-methods": "GET, POST, DELETE",
        "access-control-allow-headers": "content-type, authorization",
      };
      if (
        received.path === "/api/auth/login" &&
        (received.body as { password?: string }).password === "wrong"
      ) {
        return { status: 401, body: { error: { code: "INVALID_CREDENTIALS", message: "x" } }, headers };
      }
      if (received.path === "/api/missing") {
        return { status: 404, body: { error: { code: "NOT_FOUND", message: "x" } }, headers };
      }
      if (received.method === "OPTIONS") return { status: 204, headers };
      if (TOKEN_PATHS.has(received.path)) return { status: 200, body: tokenAnswer(serial), headers };
      return { status: 200, body: { ok: true }, headers };
    });

  it("success, error, refused and preflight answers carry no Access-Control-Allow-* header", async () => {
    const api = await reflectingApi();
    const evil = { origin: "https://evil.example" };
    const cookie = "pp_at=access-1; pp_rt=refresh-1";
    const requests: [string, Request, number][] = [
      ["login", post("/api/auth/login", { body: LOGIN_PATHS[0][1] }), 200],
      ["failed login", post("/api/auth/login", { body: { email: "a@b.example", password: "wrong" } }), 401],
      ["refresh", post("/api/auth/refresh", { cookie }), 200],
      ["refresh without cookie", post("/api/auth/refresh"), 401],
      ["logout", post("/api/auth/logout", { cookie }), 200],
      ["me", new Request(`${PUBLIC_URL}/api/auth/me`, { headers: { ...evil, cookie } }), 200],
      ["not found", new Request(`${PUBLIC_URL}/api/missing`, { headers: evil }), 404],
      ["cross-site refresh", post("/api/auth/refresh", { ...evil, cookie }), 403],
      [
        "cross-site DELETE",
        new Request(`${PUBLIC_URL}/api/referrals/r-1`, { method: "DELETE", headers: evil }),
        403,
      ],
      [
        "preflight",
        new Request(`${PUBLIC_URL}/api/auth/refresh`, {
          method: "OPTIONS",
          headers: {
            ...evil,
            "access-control-request-method": "POST",
            "access-control-request-headers": "content-type",
          },
        }),
        204,
      ],
    ];

    for (const [label, request, status] of requests) {
      const response = await handleBffRequest(request, options(api.url));
      expect(response.status, label).toBe(status);
      const corsHeaders = [...response.headers.keys()].filter((name) => name.startsWith("access-control-"));
      expect(corsHeaders, label).toEqual([]);
    }
    // The API was asked (so its CORS headers were there to leak) for every forwarded request.
    expect(api.received.map((call) => `${call.method} ${call.path}`)).toEqual([
      "POST /api/auth/login",
      "POST /api/auth/login",
      "POST /api/auth/refresh",
      "POST /api/auth/logout",
      "GET /api/auth/me",
      "GET /api/missing",
      "OPTIONS /api/auth/refresh",
    ]);
  });
});

describe("unbounded bodies: what the BFF parses itself is capped at 64 KB", () => {
  /** A chunked body of `total` bytes made on demand; `pulled()` tells how much was read. */
  function streamedBody(total: number, chunkSize = 16 * 1024) {
    let produced = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (produced >= total) return controller.close();
        const size = Math.min(chunkSize, total - produced);
        produced += size;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
    });
    return { stream, pulled: () => produced };
  }

  function streamedPost(
    path: string,
    body: ReadableStream<Uint8Array>,
    headers: Record<string, string> = {},
  ) {
    return new Request(`${PUBLIC_URL}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: PUBLIC_URL, ...headers },
      body,
      ...({ duplex: "half" } as object),
    });
  }

  it.each(LOGIN_PATHS)(
    "%s: 20 MB chunked → 413, read no further than the limit, the API not called",
    async (path) => {
      const api = await fakeApi();
      const body = streamedBody(20 * 1024 * 1024);

      const response = await handleBffRequest(streamedPost(path, body.stream), options(api.url));

      expect(response.status).toBe(413);
      expect(((await response.json()) as ErrorBody).error.code).toBe("PAYLOAD_TOO_LARGE");
      expect(response.headers.get("connection")).toBe("close");
      expect(body.pulled()).toBeLessThanOrEqual(BFF_JSON_BODY_LIMIT + 2 * 16 * 1024);
      expect(api.received).toHaveLength(0);
    },
  );

  it("a Content-Length over the limit is refused before reading", async () => {
    const api = await fakeApi();
    const body = streamedBody(1024 * 1024);

    const response = await handleBffRequest(
      streamedPost("/api/auth/login", body.stream, { "content-length": String(1024 * 1024) }),
      options(api.url),
    );

    expect(response.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(16 * 1024);
    expect(api.received).toHaveLength(0);
  });

  it("a body of exactly 64 KB is still read and forwarded", async () => {
    const api = await fakeApi();
    const filler = "x".repeat(
      BFF_JSON_BODY_LIMIT - JSON.stringify({ email: "a@example.com", pad: "" }).length,
    );
    const text = JSON.stringify({ email: "a@example.com", pad: filler });
    expect(Buffer.byteLength(text)).toBe(BFF_JSON_BODY_LIMIT);

    const response = await handleBffRequest(
      new Request(`${PUBLIC_URL}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: PUBLIC_URL },
        body: text,
      }),
      options(api.url),
    );

    expect(response.status).toBe(200);
    expect(api.received).toHaveLength(1);
  });
});
