/**
 * The browser family and operating system a user agent names, for the member's list of sessions
 * and for noticing a sign-in from a new browser. Families only, never versions: a browser that
 * updates itself must stay the same browser. Order matters, because most browsers also claim to
 * be the ones they descend from (Edge and Opera say "Chrome", Chrome says "Safari").
 */
export type DeviceInfo = { browser: string; os: string };

const UNKNOWN = "Unknown";

const BROWSERS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ["Edge", /\bEdg(?:e|A|iOS)?\//],
  ["Opera", /\bOPR\/|\bOPT\/|\bOpera\b/],
  ["Samsung Internet", /\bSamsungBrowser\//],
  ["Vivaldi", /\bVivaldi\//],
  ["Yandex Browser", /\bYaBrowser\//],
  ["Firefox", /\bFirefox\/|\bFxiOS\//],
  ["Chrome", /\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//],
  ["Safari", /\bVersion\/[\d.]+.*\bSafari\//],
  ["Internet Explorer", /\bMSIE |\bTrident\//],
];

const SYSTEMS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ["Windows", /\bWindows\b/],
  ["Android", /\bAndroid\b/],
  ["iOS", /\b(?:iPhone|iPad|iPod)\b/],
  ["ChromeOS", /\bCrOS\b/],
  ["macOS", /\bMac OS X\b|\bMacintosh\b/],
  ["Linux", /\bLinux\b/],
];

function firstMatch(userAgent: string, table: ReadonlyArray<[string, RegExp]>): string {
  for (const [name, pattern] of table) if (pattern.test(userAgent)) return name;
  return UNKNOWN;
}

export function describeUserAgent(userAgent: string | null | undefined): DeviceInfo {
  // Stored user agents are cut at 512 characters; reading more here would only cost time.
  const text = (userAgent ?? "").slice(0, 512);
  if (!text.trim()) return { browser: UNKNOWN, os: UNKNOWN };
  return { browser: firstMatch(text, BROWSERS), os: firstMatch(text, SYSTEMS) };
}

/** What "the same browser" means for the new-browser notice: family and operating system. */
export function deviceKey(userAgent: string | null | undefined): string {
  const { browser, os } = describeUserAgent(userAgent);
  return `${browser}|${os}`;
}
