import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LANGUAGE_STORAGE_KEY, toLocale } from "@/lib/i18n/config";

// No locale in the URL: the language comes from the cookie the switcher sets (default English).
export default getRequestConfig(async () => {
  const store = await cookies();
  const locale = toLocale(store.get(LANGUAGE_STORAGE_KEY)?.value);
  return {
    locale,
    messages: (await import(`../messages/${locale}.json`)).default,
  };
});
