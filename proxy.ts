import { type NextRequest, NextResponse } from "next/server";
import { webEnv } from "@/lib/web/env";
import {
  applySecurityHeaders,
  createNonce,
  isHttpsRequest,
  pageContentSecurityPolicy,
} from "@/lib/web/security-headers";

/**
 * Runs before every page (not /api: the BFF streams bodies itself, and a proxy in front of a
 * route makes Next buffer the body; docs/decisions/002). A fresh CSP nonce per request, passed
 * to Next in the request's CSP header so its own scripts carry it.
 */
export function proxy(request: NextRequest) {
  const nonce = createNonce();
  const https = isHttpsRequest(request);
  const csp = pageContentSecurityPolicy(nonce, { development: webEnv().NODE_ENV === "development", https });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  applySecurityHeaders(response.headers, { csp, https });
  return response;
}

export const config = {
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico).*)"],
};
