"use client";

import { useEffect, useState } from "react";
import type { Country as CountryCode } from "react-phone-number-input";
import { api } from "@/components/api/client";
import { apiPath } from "@/lib/api/endpoint";
import { systemApi } from "@/lib/api/system";
// The phone library's countries without the library (which the page loads only when used).
import { DEFAULT_COUNTRY, isPhoneCountry } from "@/lib/phone-countries";
import { COUNTRY_CACHE_KEY } from "./country-cache-key";

/** The whole detection gives up after 2.5 s and falls back to DE: the form must not wait longer. */
const COUNTRY_DETECTION_TIMEOUT_MS = 2500;

export type CountryDetection = { country: CountryCode; detecting: boolean };

function asCountry(value: string | null | undefined): CountryCode | null {
  const code = value?.trim().toUpperCase();
  return code && isPhoneCountry(code) ? code : null;
}

function readCache(): CountryCode | null {
  try {
    return asCountry(window.sessionStorage.getItem(COUNTRY_CACHE_KEY));
  } catch {
    return null;
  }
}

function writeCache(country: CountryCode) {
  try {
    window.sessionStorage.setItem(COUNTRY_CACHE_KEY, country);
  } catch {
    // Storage can be off (private mode); detection simply runs again next time.
  }
}

/** The API's own lookup; it may not exist (404) or fail, and any failure means "don't know". */
async function countryFromApi(signal: AbortSignal): Promise<CountryCode | null> {
  try {
    // The answer is checked by asCountry alone (a supported country code or nothing), so the
    // lookup needs no schema (and the page no zod at its first load).
    const response = await api.fetch(apiPath(systemApi.country), {
      signal,
      headers: { accept: "application/json" },
    });
    if (!response.ok) return null;
    const answer: unknown = await response.json();
    const code =
      answer && typeof answer === "object" ? (answer as { countryCode?: unknown }).countryCode : null;
    return asCountry(typeof code === "string" ? code : null);
  } catch {
    return null;
  }
}

/** The region of the browser's preferred languages ('de-AT' → AT); a bare 'de' says nothing. */
function countryFromBrowserLanguage(): CountryCode | null {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const language of languages) {
    try {
      const country = asCountry(new Intl.Locale(language).region);
      if (country) return country;
    } catch {
      // An unparseable language tag: try the next one.
    }
  }
  return null;
}

/**
 * The country the phone fields start with: session cache, then the API's lookup, then
 * the browser language's region, then DE — all of it capped at 2.5 s. Only a country actually
 * found is cached, so a slow network once does not pin the fallback for the whole session.
 */
export function useCountryDetection(): CountryDetection {
  const [detection, setDetection] = useState<CountryDetection>({ country: DEFAULT_COUNTRY, detecting: true });

  useEffect(() => {
    const cached = readCache();
    if (cached) {
      setDetection({ country: cached, detecting: false });
      return;
    }
    const controller = new AbortController();
    let settled = false;
    const settle = (country: CountryCode | null) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      controller.abort();
      if (country) writeCache(country);
      setDetection({ country: country ?? DEFAULT_COUNTRY, detecting: false });
    };
    const timer = window.setTimeout(() => settle(null), COUNTRY_DETECTION_TIMEOUT_MS);
    void (async () => {
      const country = (await countryFromApi(controller.signal)) ?? countryFromBrowserLanguage();
      settle(country);
    })();
    return () => {
      // Unmounted: stop quietly, without a state update.
      settled = true;
      window.clearTimeout(timer);
      controller.abort();
    };
  }, []);

  return detection;
}
