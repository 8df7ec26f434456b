import type { FlashMessage } from "./route-guards";

/** A toast carried across a redirect: a short-lived cookie the page reads once and deletes. */
export const FLASH_COOKIE = "app.flash";

export function serializeFlashCookie(message: FlashMessage, https: boolean): string {
  const value = encodeURIComponent(JSON.stringify(message));
  return `${FLASH_COOKIE}=${value}; Path=/; Max-Age=60; SameSite=Lax${https ? "; Secure" : ""}`;
}

export function parseFlash(value: string | undefined): FlashMessage | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as FlashMessage;
    return typeof parsed.key === "string" && /^[A-Za-z]+\.[A-Za-z]+$/.test(parsed.key) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
