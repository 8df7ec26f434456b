import { SHOP_CALLS_PREFIX } from "@/lib/api/partner";
import { API_PREFIX } from "@/lib/api/system";
import { type ApiFetch, apiFetch } from "./api-transport";
import { bodyLimitFor } from "./bff-body-limit";
import { clientIpForApi } from "./client-ip";
import { logWebError, safeRequestId } from "./log";
import { hasTrustedOrigin, isStateChanging } from "./origin";
import {
  apiContentSecurityPolicy,
  applySecurityHeaders,
  createNonce,
  isHttpsRequest,
} from "./security-headers";

export type BffOptions = {
  apiUrl: string;
  publicUrl: string;
  /** How long to wait for the API's response headers once the request body is sent. */
  timeoutMs: number;
  /** The HTTP client for the API; tests hand in the API app itself. */
  fetchImpl?: ApiFetch;
  /** The session's access token (from its httpOnly cookie); sent to the API as a Bearer token. */
  accessToken?: string;
  /** CLIENT_IP_HEADER: the platform's header naming the client (web/client-ip.ts). */
  clientIpHeader?: string;
  /** A sign-in's device cookie (web/session-cookies.ts), for the API's new-browser check. */
  deviceToken?: string;
};

// Only these cross the BFF. Cookies stay here (the BFF owns the session), Authorization is
// the BFF's to set, and hop-by-hop headers belong to one connection.
const FORWARDED_REQUEST_HEADERS = [
  "accept",
  "accept-language",
  "content-type",
  "content-length",
  "user-agent",
  "if-none-match",
  "if-modified-since",
  "range",
  "x-request-id",
];
/**
 * A redirect of the API (a contract download to its signed /api/files URL) is passed on only
 * when it stays on this site under /api/: the browser follows it through the BFF again. Any
 * other target (another host, `//host`, a page path) is dropped rather than turned into an
 * open redirect.
 */
function sameSiteApiLocation(location: string | null): string | null {
  if (!location?.startsWith(API_PREFIX) || location.includes("\\")) return null;
  return location;
}

const FORWARDED_RESPONSE_HEADERS = [
  "content-type",
  "content-length",
  "content-disposition",
  "cache-control",
  "etag",
  "last-modified",
  "retry-after",
  "accept-ranges",
  "content-range",
  "x-request-id",
];

export function bffError(
  status: number,
  code: string,
  message: string,
  request: Request,
  extra?: HeadersInit,
) {
  const headers = new Headers(extra);
  const requestId = safeRequestId(request.headers.get("x-request-id"));
  if (requestId && !headers.has("X-Request-Id")) headers.set("X-Request-Id", requestId);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  applySecurityHeaders(headers, {
    csp: apiContentSecurityPolicy(createNonce(), { sandbox: false }),
    https: isHttpsRequest(request),
  });
  return new Response(JSON.stringify({ error: { code, message } }), { status, headers });
}

/** A body over its call's cap: Connection: close, as the rest of it is not worth reading. */
export function bodyTooLarge(request: Request): Response {
  return bffError(413, "PAYLOAD_TOO_LARGE", "The request body is too large.", request, {
    Connection: "close",
  });
}

/**
 * Calls of the webshop's server, not of a browser: they carry the shop's own key as their
 * Authorization, which goes on to the API as it came, and never a member's session. No Origin
 * check: a shop's server sends none, and without cookies a forged cross-site request has nothing
 * to borrow (a page cannot set Authorization on another site's request without CORS, which the
 * API does not grant).
 */
/** Whether the request's body goes on to the API (never for GET and HEAD). */
function hasBody(request: Request): request is Request & { body: ReadableStream<Uint8Array> } {
  return request.body !== null && request.method !== "GET" && request.method !== "HEAD";
}

function upstreamHeaders(
  request: Request,
  url: URL,
  requestId: string,
  accessToken?: string,
  clientIpHeader?: string,
  deviceToken?: string,
): Headers {
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  // A GET or HEAD goes on without a body, so a length it declared must not: on a kept-alive
  // connection the API would read that many bytes of the next request as this one's body.
  if (!hasBody(request)) headers.delete("content-length");
  const clientIp = clientIpForApi(request.headers, clientIpHeader);
  if (clientIp) headers.set("x-forwarded-for", clientIp);
  headers.set("x-request-id", requestId);
  headers.set("x-forwarded-proto", isHttpsRequest(request) ? "https" : "http");
  headers.set("x-forwarded-host", request.headers.get("host") ?? url.host);
  if (accessToken) headers.set("authorization", `Bearer ${accessToken}`);
  else if (url.pathname.startsWith(SHOP_CALLS_PREFIX)) {
    const shopKey = request.headers.get("authorization");
    if (shopKey) headers.set("authorization", shopKey);
  }
  if (deviceToken) headers.set("x-device-token", deviceToken);
  return headers;
}

/**
 * Forwards one /api/* request to the API and streams both bodies: an upload passes through
 * chunk by chunk and is never held whole here. A body over its call's cap (web/bff-body-limit.ts)
 * is refused with 413 as soon as it declares or passes it, and the rest is not read.
 */
export async function forwardToApi(request: Request, options: BffOptions): Promise<Response> {
  const incoming = new URL(request.url);
  if (!incoming.pathname.startsWith(API_PREFIX)) {
    return bffError(404, "NOT_FOUND", "Resource not found.", request);
  }
  const shopCall = incoming.pathname.startsWith(SHOP_CALLS_PREFIX);
  if (!shopCall && isStateChanging(request.method) && !hasTrustedOrigin(request, options.publicUrl)) {
    return bffError(403, "FORBIDDEN_ORIGIN", "Cross-origin request refused.", request);
  }
  return sendToApi(request, options);
}

/**
 * The exchange itself, for a request its caller has already let through: forwardToApi above
 * for the browser's calls, and the web tier's own session calls (web/session-api.ts), whose
 * callers check the Origin of the browser's request themselves (the BFF) or make the call for a
 * page load (proxy.ts), which has no Origin to check.
 */
export async function sendToApi(request: Request, options: BffOptions): Promise<Response> {
  const incoming = new URL(request.url);
  const shopCall = incoming.pathname.startsWith(SHOP_CALLS_PREFIX);
  const target = new URL(incoming.pathname + incoming.search, options.apiUrl);
  // web/server/web-server.mjs gives every request an id; a host that starts Next itself may not.
  const requestId = safeRequestId(request.headers.get("x-request-id")) ?? crypto.randomUUID();
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The clock starts once the body is sent: a slow upload is not a slow API.
  const startClock = () => {
    timer ??= setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
  };

  const maxBytes = bodyLimitFor(request.method, incoming.pathname);
  let tooLarge = false;
  // Ends the body: the call to the API fails and the browser's body is read no further.
  let stopBody: (reason: Error) => void = () => {};
  let body: ReadableStream<Uint8Array> | undefined;
  if (hasBody(request)) {
    if (Number(request.headers.get("content-length") ?? Number.NaN) > maxBytes) {
      await request.body.cancel().catch(() => undefined);
      return bodyTooLarge(request);
    }
    let received = 0;
    body = request.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        start(controller) {
          stopBody = (reason) => controller.error(reason);
        },
        transform(chunk, controller) {
          received += chunk.byteLength;
          if (received > maxBytes) {
            tooLarge = true;
            controller.error(new Error("The request body is over its cap"));
            return;
          }
          controller.enqueue(chunk);
        },
        flush: startClock,
      }),
    );
  } else {
    startClock();
  }

  let upstream: Response;
  try {
    const init = {
      method: request.method,
      headers: upstreamHeaders(
        request,
        incoming,
        requestId,
        shopCall ? undefined : options.accessToken,
        options.clientIpHeader,
        shopCall ? undefined : options.deviceToken,
      ),
      body,
      signal: controller.signal,
    };
    upstream = await (options.fetchImpl ?? apiFetch)(target, { ...init, redirect: "manual", duplex: "half" });
  } catch (error) {
    clearTimeout(timer);
    if (tooLarge) return bodyTooLarge(request);
    logWebError(timedOut ? "BFF: the API did not answer in time" : "BFF: the API is unreachable", {
      requestId,
      method: request.method,
      path: incoming.pathname,
      ...(timedOut ? {} : { error }),
    });
    const idHeader = { "X-Request-Id": requestId };
    if (timedOut) {
      return bffError(
        503,
        "UPSTREAM_TIMEOUT",
        "The service did not answer in time. Please try again.",
        request,
        { "Retry-After": "5", ...idHeader },
      );
    }
    return bffError(
      503,
      "UPSTREAM_UNAVAILABLE",
      "The service is temporarily unavailable. Please try again.",
      request,
      { "Retry-After": "5", ...idHeader },
    );
  }
  clearTimeout(timer);
  // The API refused the body before its end (a file over its limit): the rest is not read here
  // either, and the browser's connection closes after the answer.
  const refusedBody = upstream.status === 413;
  if (refusedBody) stopBody(new Error("The API refused the request body"));

  const headers = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  // A transport that decodes a compressed body (fetch, which tests may hand in) leaves a length
  // that no longer holds. apiFetch asks for no compression, so its lengths stand.
  if (upstream.headers.has("content-encoding")) headers.delete("content-length");
  const location = sameSiteApiLocation(upstream.headers.get("location"));
  if (location) headers.set("location", location);
  const sandbox = /\bsandbox\b/.test(upstream.headers.get("content-security-policy") ?? "");
  applySecurityHeaders(headers, {
    csp: apiContentSecurityPolicy(createNonce(), { sandbox }),
    https: isHttpsRequest(request),
  });
  headers.set("Referrer-Policy", upstream.headers.get("referrer-policy") ?? "no-referrer");
  if (!headers.has("cache-control")) headers.set("Cache-Control", "no-store");
  if (refusedBody) headers.set("Connection", "close");

  const noBody = request.method === "HEAD" || upstream.status === 204 || upstream.status === 304;
  return new Response(noBody ? null : upstream.body, { status: upstream.status, headers });
}
