import { AUTH_PREFIX, authApi, TOKEN_ISSUING_ENDPOINTS } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { DEFAULT_BODY_MAX_BYTES } from "@/lib/body-limits";
import { type BffOptions, bffError, bodyTooLarge, forwardToApi } from "./bff";
import { hasTrustedOrigin } from "./origin";
import {
  apiContentSecurityPolicy,
  applySecurityHeaders,
  createNonce,
  isHttpsRequest,
} from "./security-headers";
import { callSessionApi, readTokenAnswer, refreshSession, type TokenAnswer } from "./session-api";
import { clearSessionCookies, deviceSetCookie, readCookie, sessionCookieNames } from "./session-cookies";

// Calls whose answers carry tokens: the BFF keeps the tokens in cookies and gives the page only
// `user` and the access token's expiry (the browser never holds a token). The first two may
// instead answer with the challenge of the second step (two-factor sign-in), the third is that step.
const TOKEN_ISSUING = new Set<string>(TOKEN_ISSUING_ENDPOINTS.map((endpoint) => endpoint.path));
// The session's renewal and end: the BFF sends them with the refresh cookie, which the page cannot read.
const REFRESH_PATH = apiPath(authApi.refresh);
const LOGOUT_PATH = apiPath(authApi.logout);

/** The most the BFF reads of a body it parses itself: the cap of every call without a larger one. */
export const BFF_JSON_BODY_LIMIT = DEFAULT_BODY_MAX_BYTES;

/**
 * The path as the API's router resolves it: percent-escapes decoded, repeated slashes merged,
 * a trailing slash dropped, lower case. Null when an escape is malformed.
 */
export function canonicalApiPath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  return decoded
    .replace(/\\/g, "/")
    .replace(/\/{2,}/g, "/")
    .replace(/(.)\/$/, "$1")
    .toLowerCase();
}

/**
 * A session call spelled another way (`/api/auth/%6cogin`, `/api//auth/login`, `/api/Auth/login/`)
 * would pass the matching below and reach the API as the same call, handing its tokens to the
 * page. Every path under AUTH_PREFIX must therefore arrive in exactly its canonical spelling.
 */
function isDisguisedAuthPath(pathname: string): boolean {
  const canonical = canonicalApiPath(pathname);
  if (canonical === null) return true;
  return canonical.startsWith(AUTH_PREFIX) && canonical !== pathname;
}

class BodyTooLarge extends Error {}

/**
 * Reads a JSON body of at most `limit` bytes, counted while it streams (a false or missing
 * Content-Length changes nothing): one anonymous request must not fill the web tier's memory.
 * Resolves to null for a body that is not JSON; rejects with BodyTooLarge past the limit.
 */
async function readLimitedJson(request: Request, limit: number): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) {
    await request.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge();
  }
  if (!request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return null;
  }
}

function jsonAnswer(request: Request, status: number, body: unknown, setCookies: string[] = []): Response {
  const headers = new Headers({
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
  });
  applySecurityHeaders(headers, {
    csp: apiContentSecurityPolicy(createNonce(), { sandbox: false }),
    https: isHttpsRequest(request),
  });
  headers.set("Referrer-Policy", "no-referrer");
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return new Response(JSON.stringify(body), { status, headers });
}

/** Turns the API's token answer into cookies plus the browser's view of the session. */
function sessionAnswer(request: Request, answer: TokenAnswer): Response {
  switch (answer.kind) {
    case "ended":
      return jsonAnswer(request, answer.status, answer.body, answer.setCookies);
    case "failed":
      return jsonAnswer(request, answer.status, answer.body);
    // No session yet: the page gets the challenge for the second step, and no cookie is set.
    case "challenge":
      return jsonAnswer(request, 200, answer.challenge);
    case "malformed":
      return bffError(502, "BAD_GATEWAY", "The service gave an unexpected answer.", request);
    case "session": {
      const { tokens } = answer;
      return jsonAnswer(
        request,
        200,
        { user: tokens.user, accessTokenExpiresAt: tokens.accessTokenExpiresAt },
        [
          ...answer.setCookies,
          ...(tokens.deviceToken ? [deviceSetCookie(tokens.deviceToken, isHttpsRequest(request))] : []),
        ],
      );
    }
  }
}

/**
 * The BFF's entry: session calls are handled here (cookies in, cookies out), every other call
 * is forwarded with the session's access token as a Bearer token.
 */
export async function handleBffRequest(request: Request, options: BffOptions): Promise<Response> {
  const url = new URL(request.url);
  const https = isHttpsRequest(request);
  const names = sessionCookieNames(https);
  const cookieHeader = request.headers.get("cookie");
  const accessToken = readCookie(cookieHeader, names.access);
  const refreshToken = readCookie(cookieHeader, names.refresh);
  const isPost = request.method === "POST";

  if (isDisguisedAuthPath(url.pathname)) {
    return bffError(404, "NOT_FOUND", "Resource not found.", request);
  }

  if (
    isPost &&
    (TOKEN_ISSUING.has(url.pathname) || url.pathname === REFRESH_PATH || url.pathname === LOGOUT_PATH)
  ) {
    // Login CSRF and forced logouts are state changes too.
    if (!hasTrustedOrigin(request, options.publicUrl)) {
      return bffError(403, "FORBIDDEN_ORIGIN", "Cross-origin request refused.", request);
    }
  }

  if (isPost && TOKEN_ISSUING.has(url.pathname)) {
    let body: unknown;
    try {
      body = await readLimitedJson(request, BFF_JSON_BODY_LIMIT);
    } catch (error) {
      if (error instanceof BodyTooLarge) return bodyTooLarge(request);
      throw error;
    }
    const upstream = await callSessionApi(options, request, url.pathname, body);
    return sessionAnswer(request, await readTokenAnswer(upstream, https));
  }

  if (isPost && url.pathname === REFRESH_PATH) {
    if (!refreshToken) {
      return jsonAnswer(
        request,
        401,
        { error: { code: "SESSION_EXPIRED", message: "Session expired. Please sign in again." } },
        clearSessionCookies(https),
      );
    }
    return sessionAnswer(request, await refreshSession(request, refreshToken, options));
  }

  if (isPost && url.pathname === LOGOUT_PATH) {
    // Logout always ends the browser's side, even when the API cannot be reached.
    if (refreshToken)
      await callSessionApi(options, request, LOGOUT_PATH, { refreshToken }).catch(() => undefined);
    return jsonAnswer(request, 200, { success: true }, clearSessionCookies(https));
  }

  return forwardToApi(request, { ...options, accessToken });
}
