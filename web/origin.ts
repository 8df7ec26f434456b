const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** The origin the visitor's browser sees for this request (behind a proxy: the forwarded host). */
function ownOrigin(request: Request): string | undefined {
  const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || request.headers.get("host");
  if (!host) return undefined;
  const proto =
    request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ||
    new URL(request.url).protocol.replace(":", "");
  return `${proto}://${host}`;
}

/**
 * CSRF defence for the BFF: a state-changing request must name our origin.
 * A missing Origin is refused too: every browser sends it on cross-site and same-site
 * POST/PUT/PATCH/DELETE fetches, so only non-browser clients omit it, and they have no business here.
 */
export function hasTrustedOrigin(request: Request, publicUrl: string): boolean {
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return false;
  if (request.headers.get("sec-fetch-site") === "cross-site") return false;
  return origin === new URL(publicUrl).origin || origin === ownOrigin(request);
}
