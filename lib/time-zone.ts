import { z } from "zod";

/** The zone dates and times are shown in when APP_TIME_ZONE is unset. */
export const DEFAULT_TIME_ZONE = "Europe/Berlin";

/** The zone's canonical name as Intl knows it ("europe/berlin" → "Europe/Berlin"), or null. */
function canonicalTimeZone(name: string): string | null {
  // A fixed offset ("+01:00", accepted by newer engines) would miss the change to summer time.
  if (/^[+-]/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * APP_TIME_ZONE of either tier: an IANA zone name the runtime knows, checked at start so a typo
 * stops it instead of failing the first page or mail that shows a time.
 */
export const timeZoneSchema = z.string().transform((name, context) => {
  const canonical = canonicalTimeZone(name.trim());
  if (canonical) return canonical;
  context.addIssue({ code: "custom", message: `"${name}" is not an IANA time zone such as Europe/Berlin` });
  return z.NEVER;
});
