import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { FLASH_COOKIE } from "./flash";
import { pageProxy } from "./page-proxy";
import { closedApiUrl, loopbackApi, setCookies } from "./testing/loopback-api";

// The page proxy (proxy.ts's work) when a page load comes with only the refresh cookie: it
// refreshes through the BFF's session code (web/session-api.test.ts tests that refresh) and
// decides on the answer. The API is a real HTTP server on loopback that signs its access tokens.

const PUBLIC_URL = "http://localhost:3000";

function options(apiUrl: string) {
  return { apiUrl, publicUrl: PUBLIC_URL, development: false };
}

function pageLoad(path: string, cookie: string, https = false) {
  return new NextRequest(`${PUBLIC_URL}${path}`, {
    headers: {
      cookie,
      host: "localhost:3000",
      "user-agent": "Firefox/140",
      "x-forwarded-for": "203.0.113.7",
      ...(https ? { "x-forwarded-proto": "https" } : {}),
    },
  });
}

/** The Cookie header Next hands the page after the proxy (NextResponse.next's request headers). */
function pageCookieHeader(response: Response): string | null {
  return response.headers.get("x-middleware-request-cookie");
}

describe("a page load after the access token expired", () => {
  it("refreshes first: the page renders with the rotated tokens, the browser gets them as cookies", async () => {
    const api = await loopbackApi();

    const response = await pageProxy(
      pageLoad("/dashboard", "lang=de; pp_rt=old-refresh; pp_device=device-1"),
      options(api.url),
    );

    expect(response.status).toBe(200);
    expect(response.headers.get("location")).toBeNull();
    expect(api.received.map((call) => `${call.method} ${call.path}`)).toEqual(["POST /api/auth/refresh"]);
    const call = api.received[0];
    expect(call?.body).toEqual({ refreshToken: "old-refresh" });
    expect(call?.headers["x-request-id"]).toBe(response.headers.get("x-request-id"));
    expect(call?.headers["x-forwarded-for"]).toBe("203.0.113.7");
    expect(call?.headers["user-agent"]).toBe("Firefox/140");
    expect(call?.headers["x-device-token"]).toBe("device-1");

    const tokens = api.issued[0];
    const cookies = setCookies(response);
    expect(cookies.map((cookie) => [cookie.name, decodeURIComponent(cookie.value)])).toEqual([
      ["pp_at", tokens?.accessToken],
      ["pp_rt", "refresh-token-1"],
    ]);
    for (const cookie of cookies) {
      expect(cookie.attributes.has("httponly")).toBe(true);
      expect(cookie.attributes.get("samesite")).toBe("Lax");
      expect(cookie.attributes.get("path")).toBe("/");
    }
    expect(pageCookieHeader(response)).toBe(
      `lang=de; pp_device=device-1; pp_at=${tokens?.accessToken}; pp_rt=refresh-token-1`,
    );
  });

  it("over https reads and sets the __Host- cookies", async () => {
    const api = await loopbackApi();

    const response = await pageProxy(
      pageLoad("/dashboard", "pp_rt=tossed; __Host-pp_rt=old-refresh", true),
      options(api.url),
    );

    expect(response.status).toBe(200);
    expect(api.received[0]?.body).toEqual({ refreshToken: "old-refresh" });
    expect(setCookies(response).map((cookie) => [cookie.name, cookie.attributes.has("secure")])).toEqual([
      ["__Host-pp_at", true],
      ["__Host-pp_rt", true],
    ]);
  });

  it.each([
    ["ACCOUNT_SUSPENDED", "Auth.accountSuspended"],
    ["SESSION_EXPIRED", "Auth.sessionExpired"],
  ])("the API ended the session (%s): to /login with the reason, both cookies cleared", async (code, key) => {
    const api = await loopbackApi(() => ({ status: 401, body: { error: { code, message: "" } } }));

    const response = await pageProxy(pageLoad("/dashboard", "pp_rt=old-refresh"), options(api.url));

    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/login`);
    const cookies = setCookies(response);
    expect(cookies.map((cookie) => [cookie.name, cookie.value])).toEqual([
      [FLASH_COOKIE, encodeURIComponent(JSON.stringify({ key }))],
      ["pp_at", ""],
      ["pp_rt", ""],
    ]);
  });

  it("the API is down: to /login, but the cookies stay and no reason is shown", async () => {
    const response = await pageProxy(
      pageLoad("/dashboard", "pp_rt=old-refresh"),
      options(await closedApiUrl()),
    );

    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/login`);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("a public page does not refresh", async () => {
    const api = await loopbackApi();

    const response = await pageProxy(pageLoad("/register", "pp_rt=old-refresh"), options(api.url));

    expect(response.status).toBe(200);
    expect(api.received).toEqual([]);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
