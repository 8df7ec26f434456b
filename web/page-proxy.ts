import { type NextRequest, NextResponse } from "next/server";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { onboardingApi } from "@/lib/api/onboarding";
import { canSignContract, onboardingStatusSchema } from "@/lib/schemas/onboarding";
import { verifyAccessToken, type WebSessionClaims } from "./access-token";
import type { BffOptions } from "./bff";
import { bffOptions } from "./bff-options";
import { webEnv } from "./env";
import { serializeFlashCookie } from "./flash";
import { safeRequestId } from "./log";
import {
  decideAccess,
  type FlashMessage,
  type GuardDecision,
  requiresSession,
  returnAfterLogin,
} from "./route-guards";
import {
  applySecurityHeaders,
  createNonce,
  isHttpsRequest,
  pageContentSecurityPolicy,
} from "./security-headers";
import { refreshSession } from "./session-api";
import { clearSessionCookies, readCookie, sessionCookieNames } from "./session-cookies";

/** How the page proxy reaches the API: the BFF's options, and whether CSP allows dev tooling. */
export type PageProxyOptions = Pick<BffOptions, "apiUrl" | "publicUrl" | "clientIpHeader" | "fetchImpl"> & {
  development: boolean;
};

/** The options from the web tier's configuration (web/env.ts): the API as the BFF reaches it. */
export function pageProxyOptions(): PageProxyOptions {
  const { apiUrl, publicUrl, clientIpHeader } = bffOptions();
  return { apiUrl, publicUrl, clientIpHeader, development: webEnv().NODE_ENV === "development" };
}

// A page load waits for the refresh at most this long before it decides without it.
const REFRESH_TIMEOUT_MS = 5_000;

type Refreshed = {
  claims: WebSessionClaims;
  setCookies: string[];
  accessToken: string;
  refreshToken: string;
};

/**
 * What the API says of a session: still live, ended on the server (revoked, expired, the user
 * suspended or deleted: the flash to show on /login), or no answer (the API is down or slow,
 * which ends nothing).
 */
type SessionVerdict = { live: true } | { live: false; flash: FlashMessage } | { live: "unknown" };

const ENDED_STATUSES = new Set([401, 403]);

function endedSessionFlash(body: unknown): FlashMessage {
  const code = (body as { error?: { code?: string } } | null)?.error?.code;
  return code === "ACCOUNT_SUSPENDED" ? { key: "Auth.accountSuspended" } : { key: "Auth.sessionExpired" };
}

/**
 * Only the refresh cookie is left (the access token expired): rotate it before deciding, with
 * the BFF's refresh (web/session-api.ts). `apiRequest` is the page's request as the API should
 * see it (its request id set).
 */
async function refreshBeforePage(
  apiRequest: Request,
  refreshToken: string,
  options: PageProxyOptions,
): Promise<Refreshed | Exclude<SessionVerdict, { live: true }>> {
  const answer = await refreshSession(apiRequest, refreshToken, {
    ...options,
    timeoutMs: REFRESH_TIMEOUT_MS,
  }).catch(() => null);
  if (answer?.kind === "ended") return { live: false, flash: endedSessionFlash(answer.body) };
  if (answer?.kind !== "session") return { live: "unknown" };
  const claims = await verifyAccessToken(answer.tokens.accessToken, options.apiUrl);
  if (!claims) return { live: "unknown" };
  return {
    claims,
    setCookies: answer.setCookies,
    accessToken: answer.tokens.accessToken,
    refreshToken: answer.tokens.refreshToken,
  };
}

/**
 * A signed access token only says the session was live when it was issued. Before /login sends
 * a visitor on to the dashboard, the API confirms the session still is; otherwise a session
 * ended on the server (suspension, deletion, logout elsewhere, password reset, role change)
 * would bounce between /dashboard, whose layout asks the API, and /login, which trusted the cookie.
 */
async function sessionVerdict(
  accessToken: string,
  apiUrl: string,
  requestId: string,
): Promise<SessionVerdict> {
  try {
    const response = await fetch(new URL(apiPath(authApi.me), apiUrl), {
      headers: { authorization: `Bearer ${accessToken}`, "x-request-id": requestId },
      signal: AbortSignal.timeout(5_000),
      cache: "no-store",
    });
    if (response.ok) return { live: true };
    if (ENDED_STATUSES.has(response.status))
      return { live: false, flash: endedSessionFlash(await response.json().catch(() => null)) };
    return { live: "unknown" };
  } catch {
    return { live: "unknown" };
  }
}

const SIGN_CONTRACT = /^\/(personal|company)-sign-contract\/?$/;

/**
 * Signing needs email, ID and profile done; checked on the route too, with the
 * spec's toast. Returns the flash to show, or null when the member may sign.
 */
async function signingRefusal(
  accessToken: string | undefined,
  apiUrl: string,
  requestId: string,
): Promise<FlashMessage | null> {
  try {
    const response = await fetch(new URL(apiPath(onboardingApi.status), apiUrl), {
      headers: { authorization: `Bearer ${accessToken ?? ""}`, "x-request-id": requestId },
      signal: AbortSignal.timeout(10_000),
      cache: "no-store",
    });
    if (!response.ok) return { key: "Guards.signCheckFailed" };
    const status = onboardingStatusSchema.safeParse(await response.json());
    if (!status.success) return { key: "Guards.signCheckFailed" };
    return canSignContract(status.data) ? null : { key: "Guards.signBlocked" };
  } catch {
    return { key: "Guards.signCheckFailed" };
  }
}

function withCookies(response: NextResponse, cookies: string[]) {
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  return response;
}

/**
 * Runs before every page (not /api: the BFF streams bodies itself, and a proxy in front of a
 * route makes Next buffer the body; docs/decisions/002):
 * - a fresh CSP nonce per request, passed to Next in the request's CSP header;
 * - the optimistic route guards (server components re-check; the API decides).
 */
export async function pageProxy(request: NextRequest, options: PageProxyOptions): Promise<NextResponse> {
  const nonce = createNonce();
  const https = isHttpsRequest(request);
  const csp = pageContentSecurityPolicy(nonce, { development: options.development, https });
  const { pathname } = request.nextUrl;

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  // Internal headers are never taken from outside (CVE-2025-29927).
  requestHeaders.delete("x-middleware-subrequest");
  // scripts/web-server.mjs has given the request its id; a host that starts Next itself has not.
  const requestId = safeRequestId(request.headers.get("x-request-id")) ?? crypto.randomUUID();
  requestHeaders.set("x-request-id", requestId);

  const names = sessionCookieNames(https);
  const cookieHeader = request.headers.get("cookie");
  const accessToken = readCookie(cookieHeader, names.access);
  const refreshToken = readCookie(cookieHeader, names.refresh);
  const guarded = requiresSession(pathname);
  const entry = pathname === "/" || pathname === "/login";

  let claims = guarded || entry ? await verifyAccessToken(accessToken, options.apiUrl) : null;
  let setCookies: string[] = [];
  let refreshedAccessToken: string | undefined;
  let endedFlash: FlashMessage | undefined;
  if (!claims && guarded && refreshToken) {
    const apiRequest = new Request(request.url, { headers: requestHeaders });
    const refreshed = await refreshBeforePage(apiRequest, refreshToken, options);
    if ("claims" in refreshed) {
      claims = refreshed.claims;
      setCookies = refreshed.setCookies;
      refreshedAccessToken = refreshed.accessToken;
      // The page renders in this same request: give it the new tokens too.
      const others = (cookieHeader ?? "")
        .split(";")
        .map((part) => part.trim())
        .filter(
          (part) => part && !part.startsWith(`${names.access}=`) && !part.startsWith(`${names.refresh}=`),
        );
      requestHeaders.set(
        "cookie",
        [
          ...others,
          `${names.access}=${refreshed.accessToken}`,
          `${names.refresh}=${refreshed.refreshToken}`,
        ].join("; "),
      );
    } else if (refreshed.live === false) {
      setCookies = clearSessionCookies(https);
      endedFlash = refreshed.flash;
    }
  }

  let decision: GuardDecision | { action: "to-dashboard" } | { action: "allow" } = decideAccess(
    pathname,
    claims,
  );
  if (entry && claims && accessToken) {
    const verdict = await sessionVerdict(accessToken, options.apiUrl, requestId);
    if (verdict.live === true) decision = { action: "to-dashboard" };
    else if (verdict.live === false) {
      // Ended on the server: forget the cookies and show the sign-in form with the reason.
      setCookies = clearSessionCookies(https);
      endedFlash = verdict.flash;
    }
  }
  if (decision.action === "allow" && claims && SIGN_CONTRACT.test(pathname)) {
    const refusal = await signingRefusal(refreshedAccessToken ?? accessToken, options.apiUrl, requestId);
    if (refusal) decision = { action: "dashboard", flash: refusal };
  }
  let response: NextResponse;
  if (decision.action === "login") {
    const login = new URL("/login", request.url);
    const back = returnAfterLogin(pathname);
    if (back) login.searchParams.set("next", back);
    response = NextResponse.redirect(login);
    if (endedFlash) response.headers.append("Set-Cookie", serializeFlashCookie(endedFlash, https));
  } else if (decision.action === "dashboard") {
    response = NextResponse.redirect(new URL("/dashboard", request.url));
    response.headers.append("Set-Cookie", serializeFlashCookie(decision.flash, https));
  } else if (decision.action === "to-dashboard") {
    response = NextResponse.redirect(new URL("/dashboard", request.url));
  } else {
    response = NextResponse.next({ request: { headers: requestHeaders } });
    if (endedFlash) response.headers.append("Set-Cookie", serializeFlashCookie(endedFlash, https));
  }
  applySecurityHeaders(response.headers, { csp, https });
  response.headers.set("X-Request-Id", requestId);
  // The reset link's token is in the URL: never leak it to another site.
  if (pathname.startsWith("/password-reset")) response.headers.set("Referrer-Policy", "no-referrer");
  return withCookies(response, setCookies);
}
