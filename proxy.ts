import { type NextRequest, NextResponse } from "next/server";
import { tokenResponseSchema } from "@/lib/schemas/auth";
import { canSignContract, onboardingStatusSchema } from "@/lib/schemas/onboarding";
import { verifyAccessToken, type WebSessionClaims } from "@/web/access-token";
import { clientIpForApi } from "@/web/client-ip";
import { webEnv } from "@/web/env";
import { serializeFlashCookie } from "@/web/flash";
import { safeRequestId } from "@/web/log";
import {
  decideAccess,
  type FlashMessage,
  type GuardDecision,
  requiresSession,
  returnAfterLogin,
} from "@/web/route-guards";
import {
  applySecurityHeaders,
  createNonce,
  isHttpsRequest,
  pageContentSecurityPolicy,
} from "@/web/security-headers";
import {
  clearSessionCookies,
  readCookie,
  sessionCookieNames,
  sessionSetCookies,
} from "@/web/session-cookies";

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

async function endedSessionFlash(response: Response): Promise<FlashMessage> {
  const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
  return body?.error?.code === "ACCOUNT_SUSPENDED"
    ? { key: "Auth.accountSuspended" }
    : { key: "Auth.sessionExpired" };
}

/** Only the refresh cookie is left (the access token expired): rotate it before deciding. */
async function refreshSession(
  request: NextRequest,
  refreshToken: string,
  apiUrl: string,
  requestId: string,
): Promise<Refreshed | Exclude<SessionVerdict, { live: true }>> {
  try {
    const response = await fetch(new URL("/api/auth/refresh", apiUrl), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": request.headers.get("user-agent") ?? "",
        "x-forwarded-for": clientIpForApi(request.headers, webEnv().CLIENT_IP_HEADER),
        "x-request-id": requestId,
      },
      body: JSON.stringify({ refreshToken }),
      signal: AbortSignal.timeout(5_000),
      cache: "no-store",
    });
    if (ENDED_STATUSES.has(response.status)) return { live: false, flash: await endedSessionFlash(response) };
    if (!response.ok) return { live: "unknown" };
    const tokens = tokenResponseSchema.parse(await response.json());
    const claims = await verifyAccessToken(tokens.accessToken, apiUrl);
    if (!claims) return { live: "unknown" };
    return {
      claims,
      setCookies: sessionSetCookies(tokens, isHttpsRequest(request)),
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
    };
  } catch {
    return { live: "unknown" };
  }
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
    const response = await fetch(new URL("/api/auth/me", apiUrl), {
      headers: { authorization: `Bearer ${accessToken}`, "x-request-id": requestId },
      signal: AbortSignal.timeout(5_000),
      cache: "no-store",
    });
    if (response.ok) return { live: true };
    if (ENDED_STATUSES.has(response.status)) return { live: false, flash: await endedSessionFlash(response) };
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
    const response = await fetch(new URL("/api/auth/user/status", apiUrl), {
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
export async function proxy(request: NextRequest) {
  const env = webEnv();
  const nonce = createNonce();
  const https = isHttpsRequest(request);
  const csp = pageContentSecurityPolicy(nonce, { development: env.NODE_ENV === "development", https });
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

  let claims = guarded || entry ? await verifyAccessToken(accessToken, env.API_URL) : null;
  let setCookies: string[] = [];
  let refreshedAccessToken: string | undefined;
  let endedFlash: FlashMessage | undefined;
  if (!claims && guarded && refreshToken) {
    const refreshed = await refreshSession(request, refreshToken, env.API_URL, requestId);
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
    const verdict = await sessionVerdict(accessToken, env.API_URL, requestId);
    if (verdict.live === true) decision = { action: "to-dashboard" };
    else if (verdict.live === false) {
      // Ended on the server: forget the cookies and show the sign-in form with the reason.
      setCookies = clearSessionCookies(https);
      endedFlash = verdict.flash;
    }
  }
  if (decision.action === "allow" && claims && SIGN_CONTRACT.test(pathname)) {
    const refusal = await signingRefusal(refreshedAccessToken ?? accessToken, env.API_URL, requestId);
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

export const config = {
  matcher: ["/((?!api/|healthz|_next/static|_next/image|favicon.ico|icon.svg|apple-touch-icon).*)"],
};
