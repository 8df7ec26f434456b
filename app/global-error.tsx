"use client";

import { useSyncExternalStore } from "react";
import { ErrorScreen } from "@/components/layout/error-screen";
import { LANGUAGE_STORAGE_KEY, toLocale } from "@/lib/i18n/config";
import { errorTexts } from "@/lib/i18n/error-texts";
import "./globals.css";

function cookieLanguage(): string | undefined {
  return document.cookie
    .split("; ")
    .find((part) => part.startsWith(`${LANGUAGE_STORAGE_KEY}=`))
    ?.split("=")[1];
}

const noSubscription = () => () => {};

/**
 * An error in the root layout itself: this replaces the whole document, outside next-intl's
 * provider, so the language comes from the cookie the switcher writes (as in i18n/request.ts;
 * English on the server's first render and without a cookie).
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  const locale = toLocale(useSyncExternalStore(noSubscription, cookieLanguage, () => undefined));
  const texts = errorTexts[locale];
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;
  return (
    <html lang={locale}>
      <body className="min-h-screen antialiased">
        <title>{texts.documentTitle}</title>
        <ErrorScreen texts={texts} digest={digest} onRetry={retry} />
      </body>
    </html>
  );
}
