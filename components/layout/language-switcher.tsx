"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useTransition } from "react";
import { LANGUAGE_STORAGE_KEY, type Locale, locales, toLocale } from "@/lib/i18n/config";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

function writeCookie(locale: Locale) {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads the language from this cookie.
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${locale}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax${secure}`;
}

function readCookie(): string | undefined {
  return document.cookie
    .split("; ")
    .find((part) => part.startsWith(`${LANGUAGE_STORAGE_KEY}=`))
    ?.split("=")[1];
}

function remember(locale: Locale) {
  writeCookie(locale);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Storage can be off (private mode); the cookie alone still works.
  }
}

/** The en/de switcher; the choice lives in the cookie and is mirrored under app.lang. */
export function LanguageSwitcher() {
  const t = useTranslations("LanguageSwitcher");
  const current = useLocale() as Locale;
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    } catch {
      return;
    }
    if (readCookie()) {
      // The cookie decided this render; keep the mirror in step.
      if (stored !== current) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, current);
    } else if (stored && toLocale(stored) !== current) {
      // The cookie was lost but the browser remembers the choice: restore it.
      remember(toLocale(stored));
      startTransition(() => router.refresh());
    } else {
      writeCookie(current);
    }
  }, [current, router]);

  const choose = (locale: Locale) => {
    if (locale === current) return;
    remember(locale);
    startTransition(() => router.refresh());
  };

  return (
    <fieldset className="flex items-center gap-1 rounded-full bg-white/95 p-1 shadow-sm" aria-busy={pending}>
      <legend className="sr-only">{t("label")}</legend>
      {locales.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          // The visible code stays part of the name (WCAG 2.5.3), the language name follows.
          aria-label={`${locale.toUpperCase()} – ${t(locale)}`}
          onClick={() => choose(locale)}
          className={`min-w-10 rounded-full px-3 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
            locale === current ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-slate-100"
          }`}
        >
          {locale.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
