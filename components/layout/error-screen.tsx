"use client";

import { useEffect, useRef } from "react";
import { Card } from "@/components/ui/card";

export type ErrorScreenTexts = {
  title: string;
  description: string;
  /** Contains `{digest}`: Next's reference of a server error, also in the web tier's log line. */
  reference: string;
  retry: string;
  home: string;
};

/**
 * The card of app/error.tsx and app/global-error.tsx, in the look of the 404 page: what
 * happened, the error's reference for support, "try again" and a way to the dashboard (the
 * proxy sends a visitor without a session on to the login).
 */
export function ErrorScreen({
  texts,
  digest,
  onRetry,
}: {
  texts: ErrorScreenTexts;
  digest?: string;
  onRetry: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The screen replaces what the visitor was looking at: move focus so a screen reader says so.
  useEffect(() => heading.current?.focus(), []);
  return (
    <main id="main" className="flex min-h-[calc(100vh-4rem)] items-center justify-center px-4 pb-16">
      <Card as="section" padding="lg" className="w-full max-w-md text-center" aria-labelledby="error-title">
        <p aria-hidden="true" className="text-5xl font-bold text-brand-700">
          !
        </p>
        <h1
          id="error-title"
          ref={heading}
          tabIndex={-1}
          className="mt-4 text-2xl font-semibold text-slate-900 focus:outline-none"
        >
          {texts.title}
        </h1>
        <p className="mt-2 text-slate-700">{texts.description}</p>
        {digest && (
          <p className="mt-3 font-mono text-xs text-slate-700">
            {texts.reference.replace("{digest}", digest)}
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={onRetry}
            className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-900"
          >
            {texts.retry}
          </button>
          {/* A full page load: after an error the client state is not to be trusted. */}
          <a
            href="/dashboard"
            className="rounded-lg border border-brand-700 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-900"
          >
            {texts.home}
          </a>
        </div>
      </Card>
    </main>
  );
}
