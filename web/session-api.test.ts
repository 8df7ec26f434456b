import { describe, expect, it } from "vitest";
import { refreshSession } from "./session-api";
import {
  ACCESS_LIFETIME_S,
  closedApiUrl,
  loopbackApi,
  REFRESH_LIFETIME_S,
  type SetCookie,
  setCookies,
} from "./testing/loopback-api";

// The one refresh of the web tier, which the BFF's POST /api/auth/refresh (web/bff-session.ts)
// and the page proxy's refresh before a page load (web/page-proxy.ts) both call, against a real
// HTTP server on loopback playing the API.

const PUBLIC_URL = "http://localhost:3000";

function options(apiUrl: string) {
  return { apiUrl, publicUrl: PUBLIC_URL, timeoutMs: 2000 };
}

/** A page load as the browser sends it: a GET without Origin, with the visitor's facts. */
function pageLoad(init: { https?: boolean; cookie?: string } = {}): Request {
  return new Request(`${PUBLIC_URL}/dashboard`, {
    headers: {
      host: "localhost:3000",
      "user-agent": "Firefox/140",
      "accept-language": "de",
      "x-forwarded-for": "203.0.113.7",
      "x-request-id": "page-request-1",
      ...(init.https ? { "x-forwarded-proto": "https" } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
  });
}

function expectSessionCookieFlags(cookie: SetCookie, https: boolean) {
  expect(cookie.attributes.has("httponly"), cookie.name).toBe(true);
  expect(cookie.attributes.get("samesite"), cookie.name).toBe("Lax");
  expect(cookie.attributes.get("path"), cookie.name).toBe("/");
  expect(cookie.attributes.has("domain"), cookie.name).toBe(false);
  expect(cookie.attributes.has("secure"), cookie.name).toBe(https);
}

describe("refreshSession", () => {
  it("sends the refresh token with the visitor's facts, and sets the rotated tokens in the session cookies", async () => {
    const api = await loopbackApi();

    const answer = await refreshSession(
      pageLoad({ cookie: "pp_at=old-access; pp_rt=old-refresh; pp_device=device-1" }),
      "old-refresh",
      options(api.url),
    );

    expect(api.received).toHaveLength(1);
    const call = api.received[0];
    expect(call?.method).toBe("POST");
    expect(call?.path).toBe("/api/auth/refresh");
    expect(call?.body).toEqual({ refreshToken: "old-refresh" });
    expect(call?.headers["content-type"]).toBe("application/json");
    expect(call?.headers["user-agent"]).toBe("Firefox/140");
    expect(call?.headers["x-forwarded-for"]).toBe("203.0.113.7");
    expect(call?.headers["x-request-id"]).toBe("page-request-1");
    expect(call?.headers["x-device-token"]).toBe("device-1");
    // The browser's cookies stay in the web tier; no Bearer token goes with a refresh.
    expect(call?.headers.cookie).toBeUndefined();
    expect(call?.headers.authorization).toBeUndefined();

    expect(answer.kind).toBe("session");
    if (answer.kind !== "session") return;
    expect(answer.tokens).toEqual(api.issued[0]);
    const cookies = setCookies(answer.setCookies);
    expect(cookies.map((cookie) => [cookie.name, cookie.value])).toEqual([
      ["pp_at", encodeURIComponent(api.issued[0]?.accessToken ?? "")],
      ["pp_rt", "refresh-token-1"],
    ]);
    for (const cookie of cookies) expectSessionCookieFlags(cookie, false);
    expect(Number(cookies[0]?.attributes.get("max-age"))).toBeGreaterThan(ACCESS_LIFETIME_S - 10);
    expect(Number(cookies[1]?.attributes.get("max-age"))).toBeGreaterThan(REFRESH_LIFETIME_S - 10);
  });

  it("over https sets __Host- cookies, Secure, and reads the __Host- device cookie", async () => {
    const api = await loopbackApi();

    const answer = await refreshSession(
      pageLoad({ https: true, cookie: "pp_device=tossed; __Host-pp_device=device-2" }),
      "old-refresh",
      options(api.url),
    );

    expect(api.received[0]?.headers["x-device-token"]).toBe("device-2");
    expect(answer.kind).toBe("session");
    if (answer.kind !== "session") return;
    const cookies = setCookies(answer.setCookies);
    expect(cookies.map((cookie) => cookie.name)).toEqual(["__Host-pp_at", "__Host-pp_rt"]);
    for (const cookie of cookies) expectSessionCookieFlags(cookie, true);
  });

  it.each([401, 403])(
    "API answers %i: the session ended, its body kept, both cookies cleared",
    async (status) => {
      const error = { error: { code: "ACCOUNT_SUSPENDED", message: "Suspended." } };
      const api = await loopbackApi(() => ({ status, body: error }));

      const answer = await refreshSession(pageLoad(), "old-refresh", options(api.url));

      expect(answer).toMatchObject({ kind: "ended", status, body: error });
      if (answer.kind !== "ended") return;
      const cookies = setCookies(answer.setCookies);
      expect(cookies.map((cookie) => [cookie.name, cookie.value])).toEqual([
        ["pp_at", ""],
        ["pp_rt", ""],
      ]);
      for (const cookie of cookies) {
        expect(cookie.attributes.get("max-age"), cookie.name).toBe("0");
        expectSessionCookieFlags(cookie, false);
      }
    },
  );

  it("API fails otherwise: no verdict and no cookies, so a blip does not sign anyone out", async () => {
    const error = { error: { code: "INTERNAL", message: "Boom." } };
    const api = await loopbackApi(() => ({ status: 500, body: error }));

    expect(await refreshSession(pageLoad(), "old-refresh", options(api.url))).toEqual({
      kind: "failed",
      status: 500,
      body: error,
    });
  });

  it("API down: the BFF's 503, no cookies", async () => {
    const answer = await refreshSession(pageLoad(), "old-refresh", options(await closedApiUrl()));

    expect(answer).toMatchObject({
      kind: "failed",
      status: 503,
      body: { error: { code: "UPSTREAM_UNAVAILABLE" } },
    });
  });

  it("a 200 without tokens is malformed, not a session", async () => {
    const api = await loopbackApi(() => ({ status: 200, body: { ok: true } }));

    expect(await refreshSession(pageLoad(), "old-refresh", options(api.url))).toEqual({ kind: "malformed" });
  });
});
