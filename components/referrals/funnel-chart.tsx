"use client";

import { useTranslations } from "next-intl";
import type { ReferralFunnel } from "@/lib/schemas/referrals";

const STEPS = ["opened", "registered", "onboarded", "approved"] as const;

/**
 * The funnel as a list of its steps, each with its number in text and a bar of that length
 * (relative to the largest step) beside it. The bars only repeat the numbers, so assistive
 * technology skips them; each step after the first also says its share of the step before.
 */
export function FunnelChart({
  funnel,
  label,
  className = "max-w-3xl",
}: {
  funnel: ReferralFunnel;
  label: string;
  /** Bounds the width, so bars stay comparable to their numbers on a wide screen. */
  className?: string;
}) {
  const t = useTranslations("Referrals.funnel");
  const largest = Math.max(1, ...STEPS.map((step) => funnel[step]));
  return (
    <ol aria-label={label} className={`mt-3 space-y-2 ${className}`}>
      {STEPS.map((step, index) => {
        const value = funnel[step];
        const previous = index > 0 ? funnel[STEPS[index - 1] as (typeof STEPS)[number]] : null;
        return (
          <li
            key={step}
            className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] items-center gap-x-3 gap-y-1 sm:grid-cols-[11rem_minmax(0,1fr)_7rem]"
          >
            <span className="text-sm text-slate-800">
              {t(step)}
              {": "}
              <strong className="font-semibold text-slate-900 tabular-nums">{value}</strong>
            </span>
            <svg
              aria-hidden="true"
              focusable="false"
              viewBox="0 0 100 10"
              preserveAspectRatio="none"
              className="h-3 w-full"
            >
              <rect width="100" height="10" rx="2" className="fill-slate-100" />
              <rect width={(value / largest) * 100} height="10" rx="2" className="fill-brand-600" />
            </svg>
            <span className="col-span-2 text-xs text-slate-700 sm:col-span-1">
              {/* A share only where it is one: visits are counted since the funnel exists, so older
                  links can have more registrations than visitors. */}
              {previous !== null && previous > 0 && value <= previous
                ? t("share", { percent: Math.round((value / previous) * 100) })
                : ""}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
