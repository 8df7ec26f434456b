"use client";

import { useTranslations } from "next-intl";
import type { LinkBadge } from "./link-status";

// The text carries the meaning, the colour only repeats it; each pairing keeps at least 4.5:1
// contrast.
const muted = "bg-slate-200 text-slate-800 ring-slate-500/30";
const tone: Record<LinkBadge, string> = {
  active: "bg-green-100 text-green-800 ring-green-700/30",
  pending: "bg-amber-100 text-amber-900 ring-amber-700/30",
  inactive: muted,
  expired: muted,
  usedUp: muted,
  deactivated: muted,
};

export function StatusBadge({ status }: { status: LinkBadge }) {
  const t = useTranslations("Referrals.status");
  return (
    <span
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone[status]}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {t(status)}
    </span>
  );
}
