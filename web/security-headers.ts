// Security headers for every web response. Used by proxy.ts for pages and by
// the BFF for API answers (the BFF is outside the proxy's matcher, see docs/decisions/002).

export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export function pageContentSecurityPolicy(nonce: string, options: { development: boolean; https: boolean }) {
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic' lets Next's nonce-bearing bootstrap load its chunks; nothing else runs.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ""}`,
    // Inline style attributes (React `style`) cannot carry a nonce (docs/decisions/002).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** For JSON and file answers: nothing may run or be framed; `sandbox` for downloads. */
export function apiContentSecurityPolicy(nonce: string, options: { sandbox: boolean }) {
  const directives = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.sandbox) directives.push("sandbox");
  return directives.join("; ");
}

export function applySecurityHeaders(headers: Headers, options: { csp: string; https: boolean }) {
  headers.set("Content-Security-Policy", options.csp);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", headers.get("Referrer-Policy") ?? "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (options.https) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
}

/** Whether the visitor reached us over https (directly, or through a TLS-terminating proxy). */
export function isHttpsRequest(request: Request): boolean {
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  if (forwarded) return forwarded === "https";
  return new URL(request.url).protocol === "https:";
}
