import { apiPath } from "@/lib/api/endpoint";
import { systemApi } from "@/lib/api/system";
import { apiFetch } from "./api-transport";
import {
  apiContentSecurityPolicy,
  applySecurityHeaders,
  createNonce,
  isHttpsRequest,
} from "./security-headers";

/**
 * Set by the web tier's server when it is told to stop (web/server/graceful-stop.mjs, the same key):
 * that server is outside Next's bundle, so the flag lives on globalThis under a symbol from the
 * global registry, which both share.
 */
const STOPPING = Symbol.for("partner-platform.web-tier.stopping");

/** True during the shutdown delay and after: readiness answers 503, everything else is served. */
export function webTierStopping(): boolean {
  return (globalThis as Record<symbol, unknown>)[STOPPING] === true;
}

/** How long the web tier's readiness waits for the API's; a balancer's probe should not hang. */
const API_READY_TIMEOUT_MS = 2_000;

/** A probe's JSON answer, never cached, with the API answers' security headers. */
export function healthAnswer(request: Request, status: number, body: unknown): Response {
  const headers = new Headers({ "Content-Type": "application/json", "Cache-Control": "no-store" });
  applySecurityHeaders(headers, {
    csp: apiContentSecurityPolicy(createNonce(), { sandbox: false }),
    https: isHttpsRequest(request),
  });
  return new Response(JSON.stringify(body), { status, headers });
}

export type ApiReadiness = "ready" | "not_ready" | "unavailable";

/**
 * The API's own readiness (systemApi.ready): "unavailable" when it does not answer within
 * timeoutMs, "not_ready" when it answers anything but 200.
 */
export async function apiReadiness(
  apiUrl: string,
  { timeoutMs = API_READY_TIMEOUT_MS, requestId }: { timeoutMs?: number; requestId?: string } = {},
): Promise<ApiReadiness> {
  try {
    const response = await apiFetch(new URL(apiPath(systemApi.ready), apiUrl), {
      headers: requestId ? { "x-request-id": requestId } : {},
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return response.status === 200 ? "ready" : "not_ready";
  } catch {
    return "unavailable";
  }
}
