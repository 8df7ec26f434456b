export const locales = ["en", "de"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** The chosen language is remembered under this key (cookie and localStorage). */
export const LANGUAGE_STORAGE_KEY = "app.lang";

export function toLocale(value: string | null | undefined): Locale {
  return locales.includes(value as Locale) ? (value as Locale) : defaultLocale;
}
