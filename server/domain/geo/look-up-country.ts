/** Reads a two-letter country code from the answer shapes public lookup services use. */
function countryFrom(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const record = body as Record<string, unknown>;
  for (const key of ["countryCode", "country_code", "country"]) {
    const value = record[key];
    if (typeof value === "string" && /^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
  }
  return null;
}

type CachedCountry = { countryCode: string | null; expiresAt: number };

export type CountryLookupOptions = {
  /** IP lookup URLs (GEO_LOOKUP_URLS) with an `{ip}` placeholder, asked in turn. */
  lookupUrls: string[];
  /** One overall budget for all of them. */
  budgetMs: number;
  /** How long an answer is kept per address. */
  cacheTtlMs?: number;
  /** The most addresses kept; the least recently asked one goes first. */
  cacheSize?: number;
  now?: () => number;
};

/**
 * The visitor's country by IP, from the configured lookups within one budget. Answers are kept
 * per address for a while, so a page that asks on every visit (or a client asking in a loop)
 * sends the address to the third party once, and the service's quota is not spent by repeats.
 * A call where no service answered is not kept: the next one asks again.
 */
export function createCountryLookup(options: CountryLookupOptions) {
  const ttlMs = options.cacheTtlMs ?? 60 * 60 * 1000;
  const maxEntries = options.cacheSize ?? 10_000;
  const now = options.now ?? Date.now;
  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recent.
  const cache = new Map<string, CachedCountry>();

  function remember(ip: string, countryCode: string | null) {
    cache.delete(ip);
    cache.set(ip, { countryCode, expiresAt: now() + ttlMs });
    while (cache.size > maxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
  }

  return async function lookUpCountry(ip: string): Promise<string | null> {
    const cached = cache.get(ip);
    if (cached && cached.expiresAt > now()) {
      cache.delete(ip);
      cache.set(ip, cached);
      return cached.countryCode;
    }
    if (cached) cache.delete(ip);
    const deadline = Date.now() + options.budgetMs;
    let answered = false;
    for (const template of options.lookupUrls) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      try {
        const response = await fetch(template.replace("{ip}", encodeURIComponent(ip)), {
          signal: AbortSignal.timeout(left),
          headers: { accept: "application/json" },
        });
        if (!response.ok) continue;
        answered = true;
        const code = countryFrom(await response.json());
        if (code) {
          remember(ip, code);
          return code;
        }
      } catch {
        // The next lookup, or none.
      }
    }
    if (answered) remember(ip, null);
    return null;
  };
}
