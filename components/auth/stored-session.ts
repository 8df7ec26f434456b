import { COUNTRY_CACHE_KEY } from "@/components/register/country-cache-key";

// Everything this app keeps in the browser's storage about the signed-in user, in one place, so
// a logout leaves nothing of the session behind for the next person at the same browser.

/** Session storage: the user mirror, type and role, and the country guessed for phone fields. */
const SESSION_KEYS = ["user", "userType", "role", COUNTRY_CACHE_KEY] as const;

/**
 * Local storage keys that belong to one user: profile drafts (names, address, phones) and the
 * per-email resend countdown of the email code (its key holds the address). The language
 * choice is the browser's, not the user's, and stays.
 */
const LOCAL_PREFIXES = ["profileDraft.", "verifyEmail.resendAt."] as const;

/** Removes every stored key of the session; storage that cannot be reached holds nothing. */
export function clearStoredSession() {
  try {
    for (const key of SESSION_KEYS) window.sessionStorage.removeItem(key);
  } catch {
    // Session storage unavailable: nothing was stored there.
  }
  try {
    const stored = Array.from({ length: window.localStorage.length }, (_, index) =>
      window.localStorage.key(index),
    );
    for (const key of stored) {
      if (key && LOCAL_PREFIXES.some((prefix) => key.startsWith(prefix))) window.localStorage.removeItem(key);
    }
  } catch {
    // Local storage unavailable: nothing was stored there.
  }
}
