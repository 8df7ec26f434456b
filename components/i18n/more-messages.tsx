"use client";

import { type AbstractIntlMessages, NextIntlClientProvider, useLocale, useMessages } from "next-intl";
import { type ReactNode, useMemo } from "react";

/**
 * Adds namespaces to the messages the client components below already have. next-intl's provider
 * replaces its parent's messages rather than adding to them, so a section layout that brings its
 * own texts would otherwise have to send the shared ones a second time.
 */
export function MoreMessages({
  messages,
  children,
}: {
  messages: AbstractIntlMessages;
  children: ReactNode;
}) {
  const locale = useLocale();
  const inherited = useMessages();
  const merged = useMemo(() => ({ ...inherited, ...messages }), [inherited, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}
