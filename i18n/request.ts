import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LANGUAGE_STORAGE_KEY } from "@/lib/i18n/config";
import { resolveLocale } from "@/lib/i18n/negotiate-locale";
import { webEnv } from "@/web/env";

// No locale in the URL: the language comes from the cookie the switcher sets; a first visit
// without it follows the browser's Accept-Language (lib/i18n/negotiate-locale.ts). The time zone
// is the installation's, for every date and time the pages show; the client provider in the root
// layout inherits it, so server and browser render the same text.
export default getRequestConfig(async () => {
  const [store, requestHeaders] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale(store.get(LANGUAGE_STORAGE_KEY)?.value, requestHeaders.get("accept-language"));
  return {
    locale,
    timeZone: webEnv().APP_TIME_ZONE,
    messages: (await import(`../messages/${locale}.json`)).default,
  };
});
