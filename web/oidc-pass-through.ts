import { type ApiFetch, apiFetch } from "./api-transport";
import { bffError } from "./bff";
import { clientIpForApi } from "./client-ip";
import { safeRequestId } from "./log";
import {
  apiContentSecurityPolicy,
  applySecurityHeaders,
  createNonce,
  isHttpsRequest,
} from "./security-headers";
import { readCookie, sessionCookieNames } from "./session-cookies";

const INTERACTION_PREFIX = "/oidc/interaction/";

/** The provider's own cookies (its session and the interaction's): nothing else of ours goes to it. */
const isProviderCookie = (name: string) => name.startsWith("_session") || name.startsWith("_interaction");

const FORWARDED_REQUEST_HEADERS = [
  "accept",
  "accept-language",
  "content-type",
  "content-length",
  "user-agent",
  "dpop",
];
const FORWARDED_RESPONSE_HEADERS = [
  "content-type",
  "content-length",
  "cache-control",
  "pragma",
  "location",
  "www-authenticate",
  "dpop-nonce",
];

export type OidcPassThroughOptions = {
  apiUrl: string;
  timeoutMs: number;
  clientIpHeader?: string;
  fetchImpl?: ApiFetch;
};

/**
 * Forwards a request of the webshop's sign-in to the API's identity provider, as the provider
 * must see it: its cookies both ways (set for this origin, since the issuer is PUBLIC_URL), the
 * shop's own Authorization on the token and userinfo calls, the visitor's scheme and host. The
 * interaction is the one step that needs the member: it goes with their session (the proxy has
 * refreshed it, or sent a visitor without one to the login) as a Bearer token, in place of
 * anything the browser sent.
 */
export async function forwardToIdentityProvider(
  request: Request,
  options: OidcPassThroughOptions,
): Promise<Response> {
  const url = new URL(request.url);
  const https = isHttpsRequest(request);
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const cookies = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => isProviderCookie(part.split("=")[0] ?? ""));
  if (cookies.length > 0) headers.set("cookie", cookies.join("; "));
  if (url.pathname.startsWith(INTERACTION_PREFIX)) {
    const accessToken = readCookie(request.headers.get("cookie"), sessionCookieNames(https).access);
    if (accessToken) headers.set("authorization", `Bearer ${accessToken}`);
  } else {
    const authorization = request.headers.get("authorization");
    if (authorization) headers.set("authorization", authorization);
  }
  const clientIp = clientIpForApi(request.headers, options.clientIpHeader);
  if (clientIp) headers.set("x-forwarded-for", clientIp);
  headers.set("x-forwarded-proto", https ? "https" : "http");
  headers.set("x-forwarded-host", request.headers.get("host") ?? url.host);
  headers.set("x-request-id", safeRequestId(request.headers.get("x-request-id")) ?? crypto.randomUUID());

  let upstream: Response;
  try {
    const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.body !== null;
    upstream = await (options.fetchImpl ?? apiFetch)(new URL(url.pathname + url.search, options.apiUrl), {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      redirect: "manual",
      duplex: "half",
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch {
    return bffError(503, "UPSTREAM_UNAVAILABLE", "The service is temporarily unavailable.", request);
  }
  const answer = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) answer.set(name, value);
  }
  for (const cookie of upstream.headers.getSetCookie()) answer.append("set-cookie", cookie);
  applySecurityHeaders(answer, { csp: apiContentSecurityPolicy(createNonce(), { sandbox: false }), https });
  return new Response(upstream.body, { status: upstream.status, headers: answer });
}
