import type { NextRequest } from "next/server";
import { pageProxy, pageProxyOptions } from "@/web/page-proxy";

/**
 * Runs before every page (not /api: the BFF streams bodies itself, and a proxy in front of a
 * route makes Next buffer the body; docs/decisions/002). The work is web/page-proxy.ts's: the
 * CSP nonce, the route guards, and the session refresh through the BFF's session code.
 */
export function proxy(request: NextRequest) {
  return pageProxy(request, pageProxyOptions());
}

export const config = {
  matcher: ["/((?!api/|healthz|_next/static|_next/image|favicon.ico|icon.svg|apple-touch-icon).*)"],
};
