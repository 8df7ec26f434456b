import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { type TokenResponse, tokenResponseSchema } from "@/lib/schemas/auth";
import { type MfaChallenge, mfaChallengeSchema } from "@/lib/schemas/two-factor";
import { type BffOptions, sendToApi } from "./bff";
import { clientIpForApi } from "./client-ip";
import { isHttpsRequest } from "./security-headers";
import { clearSessionCookies, deviceCookieName, readCookie, sessionSetCookies } from "./session-cookies";

/**
 * The web tier's session calls to the API, one way for both of its callers: the BFF
 * (web/bff-session.ts: sign-in, refresh, logout for the page's fetches) and the page proxy
 * (web/page-proxy.ts: the refresh before a page load whose access token has expired).
 */

/**
 * One session call to the API for the browser's request: its client address, browser, language,
 * request id and device cookie go along, never its cookies or an Authorization of its own. The
 * caller has checked the request's Origin where there is one to check (web/bff.ts, sendToApi).
 */
export async function callSessionApi(
  options: BffOptions,
  request: Request,
  path: string,
  body: unknown,
): Promise<Response> {
  const upstreamRequest = new Request(new URL(path, request.url), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      host: request.headers.get("host") ?? "",
      "user-agent": request.headers.get("user-agent") ?? "",
      "accept-language": request.headers.get("accept-language") ?? "",
      "x-forwarded-for": clientIpForApi(request.headers, options.clientIpHeader),
      "x-forwarded-proto": request.headers.get("x-forwarded-proto") ?? "",
      "x-request-id": request.headers.get("x-request-id") ?? "",
    },
    body: JSON.stringify(body),
  });
  // The client's address is settled above; the copy carries no platform header to read again.
  // The device cookie goes along: the API tells a known browser from a new one by it at sign-in.
  const deviceToken = readCookie(request.headers.get("cookie"), deviceCookieName(isHttpsRequest(request)));
  return sendToApi(upstreamRequest, {
    ...options,
    clientIpHeader: undefined,
    accessToken: undefined,
    deviceToken,
  });
}

/** What the API answered to a call that issues tokens, with the cookies that go with it. */
export type TokenAnswer =
  /** A session: the tokens, and the cookies that hold them. */
  | { kind: "session"; tokens: TokenResponse; setCookies: string[] }
  /** No session yet: the second step of a two-factor sign-in. */
  | { kind: "challenge"; challenge: MfaChallenge }
  /** 401 or 403: no session (revoked, reused, expired, suspended); the cookies are cleared. */
  | { kind: "ended"; status: number; body: unknown; setCookies: string[] }
  /** Any other failure (the API down or slow: bffError's 503): nothing ends, the cookies stay. */
  | { kind: "failed"; status: number; body: unknown }
  /** A 200 that carries neither tokens nor a challenge. */
  | { kind: "malformed" };

const ENDED_STATUSES = new Set([401, 403]);

export async function readTokenAnswer(upstream: Response, https: boolean): Promise<TokenAnswer> {
  if (!upstream.ok) {
    const body = await upstream.json().catch(() => ({}));
    return ENDED_STATUSES.has(upstream.status)
      ? { kind: "ended", status: upstream.status, body, setCookies: clearSessionCookies(https) }
      : { kind: "failed", status: upstream.status, body };
  }
  const answer = await upstream.json().catch(() => null);
  const challenge = mfaChallengeSchema.safeParse(answer);
  if (challenge.success) return { kind: "challenge", challenge: challenge.data };
  const parsed = tokenResponseSchema.safeParse(answer);
  if (!parsed.success) return { kind: "malformed" };
  return { kind: "session", tokens: parsed.data, setCookies: sessionSetCookies(parsed.data, https) };
}

/**
 * Rotates the session's refresh token at the API: the BFF's authApi.refresh and the page
 * proxy's refresh before a page load both come here, so both send the same call and read its
 * answer the same way (cookie names and attributes from web/session-cookies.ts).
 */
export async function refreshSession(
  request: Request,
  refreshToken: string,
  options: BffOptions,
): Promise<TokenAnswer> {
  const upstream = await callSessionApi(options, request, apiPath(authApi.refresh), { refreshToken });
  return readTokenAnswer(upstream, isHttpsRequest(request));
}
