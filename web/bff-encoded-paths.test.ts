import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type TestUser } from "../server/testing/auth-api";
import { createTestApp, type TestApp } from "../server/testing/test-app";
import { canonicalApiPath, handleBffRequest } from "./bff-session";

// The BFF in front of the real API: the API's router decodes percent-escapes, so a session call
// spelled another way would reach it as the very same call. Through the BFF it must either be
// handled as a session call (tokens into cookies) or refused, never hand tokens to the page.

const PUBLIC_URL = "http://localhost:3000";

let api: TestApp;
let user: TestUser;

beforeAll(async () => {
  api = await createTestApp();
  user = await createUser(api.deps.database.db);
});
afterAll(async () => {
  await api?.close();
});

function bffOptions() {
  return {
    apiUrl: "http://api.internal",
    publicUrl: PUBLIC_URL,
    timeoutMs: 5_000,
    // Every forwarded call reaches the real API app in this process.
    fetchImpl: ((input: RequestInfo | URL, init?: RequestInit) =>
      api.app.request(new Request(input, init))) as typeof fetch,
  };
}

function postThroughBff(path: string, body: unknown, cookie?: string) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    origin: PUBLIC_URL,
    "x-forwarded-for": "203.0.113.77",
  };
  if (cookie) headers.cookie = cookie;
  return handleBffRequest(
    new Request(`${PUBLIC_URL}${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
    bffOptions(),
  );
}

const SESSION_CALLS = [
  {
    path: "/api/auth/login",
    variants: ["/api/auth/%6cogin", "/api/auth/%6C%6F%67%69%6E", "/api/%61uth/login"],
  },
  {
    path: "/api/auth/login-code/verify",
    variants: ["/api/auth/login-code%2Fverify", "/api/auth/login-code/%76erify"],
  },
  { path: "/api/auth/refresh", variants: ["/api/auth/%72efresh", "/api//auth/refresh"] },
  { path: "/api/auth/logout", variants: ["/api/auth/%6cogout", "/api//auth/logout"] },
];

describe("encoded session paths through the BFF", () => {
  it("the API itself resolves an encoded login path to the login call (so the BFF must not forward it)", async () => {
    const direct = await api.app.request("/api/auth/%6cogin", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.78" },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(direct.status).toBe(200);
    expect(JSON.stringify(await direct.json())).toContain("refreshToken");
  });

  it.each(SESSION_CALLS.flatMap((call) => call.variants.map((variant) => [variant, call.path])))(
    "%s (a spelling of %s) is refused and hands out no token",
    async (variant) => {
      const response = await postThroughBff(
        variant,
        { email: user.email, password: user.password, refreshToken: "x" },
        "pp_rt=some-refresh-token",
      );
      const text = await response.text();

      expect(response.status).toBe(404);
      expect(text).not.toMatch(/accessToken|refreshToken|eyJ/);
      expect(response.headers.getSetCookie()).toEqual([]);
    },
  );

  it("the canonical login still signs in, with the tokens in cookies only", async () => {
    const response = await postThroughBff("/api/auth/login", { email: user.email, password: user.password });
    const text = await response.text();

    expect(response.status).toBe(200);
    expect(text).not.toMatch(/accessToken"|refreshToken|eyJ/);
    expect(response.headers.getSetCookie().map((cookie) => cookie.split("=")[0])).toEqual([
      "pp_at",
      "pp_rt",
      "pp_device",
    ]);
  });

  it("other API paths with escapes still pass (only /api/auth spellings are refused)", async () => {
    const response = await handleBffRequest(new Request(`${PUBLIC_URL}/api/he%61lth`), bffOptions());
    expect(response.status).toBe(200);
  });
});

describe("canonicalApiPath", () => {
  it.each([
    ["/api/auth/%6cogin", "/api/auth/login"],
    ["/api//auth///login/", "/api/auth/login"],
    ["/API/Auth/Login", "/api/auth/login"],
    ["/api/auth\\login", "/api/auth/login"],
    ["/api/auth/login", "/api/auth/login"],
  ])("%s → %s", (raw, canonical) => {
    expect(canonicalApiPath(raw)).toBe(canonical);
  });

  it("a malformed escape has no canonical form", () => {
    expect(canonicalApiPath("/api/auth/%E0%A4%A")).toBeNull();
  });
});
