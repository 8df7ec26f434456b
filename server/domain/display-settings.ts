import { DEFAULT_TIME_ZONE } from "../../lib/time-zone";
import type { ServerEnv } from "../env";

/**
 * What every mail and PDF of one installation shows alike: the zone its times are written in, and
 * the operator's privacy policy and imprint (linked from each mail's footer; absent: no link).
 */
export type DisplaySettings = { timeZone: string; privacyUrl?: string; imprintUrl?: string };

let current: DisplaySettings = { timeZone: DEFAULT_TIME_ZONE };

/**
 * Set once at start from the configuration (main.ts, cli.ts). Held here rather than passed along:
 * mails are rendered by plain functions called from every corner of the domain (sign-in, admin
 * reviews, the expiry sweep, the command line) and stored rendered in the outbox, and the
 * settings are the same for all of them for the life of the process, like the message catalogs.
 */
export function configureDisplay(settings: DisplaySettings): void {
  current = { ...settings };
}

export function displaySettings(): Readonly<DisplaySettings> {
  return current;
}

/** The settings as the API's configuration names them. */
export function displaySettingsOf(
  env: Pick<ServerEnv, "APP_TIME_ZONE" | "PRIVACY_URL" | "IMPRINT_URL">,
): DisplaySettings {
  return { timeZone: env.APP_TIME_ZONE, privacyUrl: env.PRIVACY_URL, imprintUrl: env.IMPRINT_URL };
}
