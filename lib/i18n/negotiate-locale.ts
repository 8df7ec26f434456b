import { defaultLocale, type Locale, locales } from "./config";

/**
 * The language of a visitor who has not chosen one: the first of the browser's Accept-Language
 * list (by weight, then by order) that the app speaks, compared by its primary tag ("de-AT" is
 * German); the default when none is, or the header is missing. "q=0" means "not this one".
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  const ranges = (acceptLanguage ?? "")
    .split(",")
    .map((part, order) => {
      const [tag = "", ...parameters] = part.trim().split(";");
      const weight = parameters
        .map((parameter) => parameter.trim())
        .find((parameter) => parameter.startsWith("q="));
      const quality = weight === undefined ? 1 : Number(weight.slice(2));
      return { language: tag.trim().toLowerCase().split("-")[0] ?? "", quality, order };
    })
    .filter((range) => range.language && Number.isFinite(range.quality) && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  for (const { language } of ranges) {
    if (language === "*") return defaultLocale;
    if (locales.includes(language as Locale)) return language as Locale;
  }
  return defaultLocale;
}

/** A member's own choice (the switcher's cookie) wins; without one, the browser's languages. */
export function resolveLocale(cookieValue: string | undefined, acceptLanguage: string | null): Locale {
  if (locales.includes(cookieValue as Locale)) return cookieValue as Locale;
  return negotiateLocale(acceptLanguage);
}
