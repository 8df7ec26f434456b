import {
  apiContentSecurityPolicy,
  applySecurityHeaders,
  createNonce,
  isHttpsRequest,
} from "@/lib/web/security-headers";

export const dynamic = "force-dynamic";

/** The web tier's own liveness, for load balancers (and the bench's bare-route baseline). */
export function GET(request: Request) {
  const headers = new Headers({ "Content-Type": "application/json", "Cache-Control": "no-store" });
  applySecurityHeaders(headers, {
    csp: apiContentSecurityPolicy(createNonce(), { sandbox: false }),
    https: isHttpsRequest(request),
  });
  return new Response(JSON.stringify({ status: "ok" }), { status: 200, headers });
}
