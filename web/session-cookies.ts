// The BFF keeps the session in two httpOnly cookies:
// Secure and `__Host-` prefixed over https, SameSite=Lax, Path=/, never a Domain.

export type SessionCookieNames = { access: string; refresh: string };

export function sessionCookieNames(https: boolean): SessionCookieNames {
  return https ? { access: "__Host-pp_at", refresh: "__Host-pp_rt" } : { access: "pp_at", refresh: "pp_rt" };
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    // A malformed escape (a tampered or tossed cookie) is skipped, not a 500 on every request.
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {}
  }
  return undefined;
}

export function serializeCookie(
  name: string,
  value: string,
  options: { https: boolean; expires?: Date; maxAgeSeconds?: number },
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (options.https) parts.push("Secure");
  if (options.maxAgeSeconds !== undefined)
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  return parts.join("; ");
}

export function sessionSetCookies(
  tokens: {
    accessToken: string;
    accessTokenExpiresAt: string;
    refreshToken: string;
    refreshTokenExpiresAt: string;
  },
  https: boolean,
  now = Date.now(),
): string[] {
  const names = sessionCookieNames(https);
  const accessAge = (Date.parse(tokens.accessTokenExpiresAt) - now) / 1000;
  const refreshAge = (Date.parse(tokens.refreshTokenExpiresAt) - now) / 1000;
  return [
    serializeCookie(names.access, tokens.accessToken, { https, maxAgeSeconds: accessAge }),
    serializeCookie(names.refresh, tokens.refreshToken, { https, maxAgeSeconds: refreshAge }),
  ];
}

export function clearSessionCookies(https: boolean): string[] {
  const names = sessionCookieNames(https);
  return [
    serializeCookie(names.access, "", { https, maxAgeSeconds: 0 }),
    serializeCookie(names.refresh, "", { https, maxAgeSeconds: 0 }),
  ];
}

/**
 * The browser's device cookie: an id the API signed at this browser's first sign-in, sent back
 * with each sign-in so a new browser is told from a known one by more than its User-Agent. A
 * year, renewed with each sign-in; httpOnly like the session cookies.
 */
const DEVICE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

export const deviceCookieName = (https: boolean) => (https ? "__Host-pp_device" : "pp_device");

export function deviceSetCookie(token: string, https: boolean): string {
  return serializeCookie(deviceCookieName(https), token, { https, maxAgeSeconds: DEVICE_COOKIE_SECONDS });
}
