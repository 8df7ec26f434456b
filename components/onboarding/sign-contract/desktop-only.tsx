"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

/**
 * At 768 px or less only a notice shows. Decided by CSS, not by script, so the
 * first paint is already right: no canvas flashes up before a check runs.
 */
const MOBILE_ONLY = "hidden [@media(width<=768px)]:block";
const DESKTOP_ONLY = "[@media(width<=768px)]:hidden";

/**
 * Signing needs a large screen: on a small one the notice that says so, otherwise `children`.
 * `name` makes the ids and test ids (`{name}-mobile`, `{name}-desktop`).
 */
export function DesktopOnly({ name, children }: { name: string; children: ReactNode }) {
  const t = useTranslations("SignContract");
  return (
    <>
      <section
        aria-labelledby={`${name}-mobile-title`}
        data-testid={`${name}-mobile`}
        className={`${MOBILE_ONLY} rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950`}
      >
        <h2 id={`${name}-mobile-title`} className="font-semibold">
          {t("mobile.title")}
        </h2>
        <p className="mt-1">{t("mobile.body")}</p>
      </section>
      <div className={DESKTOP_ONLY} data-testid={`${name}-desktop`}>
        {children}
      </div>
    </>
  );
}
