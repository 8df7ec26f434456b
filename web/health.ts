import { apiFetch } from "./api-transport";
import {
  apiContentSecurityPolicy,
  applySecurityHeaders,
  createNonce,
  isHttpsRequest,
} from "./security-headers";

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
 * The API's own readiness (GET /api/health/ready): "unavailable" when it does not answer within
 * timeoutMs, "not_ready" when it answers anything but 200.
 */
export async function apiReadiness(
  apiUrl: string,
  { timeoutMs = API_READY_TIMEOUT_MS, requestId }: { timeoutMs?: number; requestId?: string } = {},
): Promise<ApiReadiness> {
  try {
    const response = await apiFetch(new URL("/api/health/ready", apiUrl), {
      headers: requestId ? { "x-request-id": requestId } : {},
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return response.status === 200 ? "ready" : "not_ready";
  } catch {
    return "unavailable";
  }
}
