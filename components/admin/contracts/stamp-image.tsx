"use client";

import { useTranslations } from "next-intl";
import type { CompanyStamp } from "@/lib/schemas/contracts";

/** The stamp image as the API sends it (a data URL of at most 500 KB). */
export function StampImage({ stamp, className }: { stamp: CompanyStamp; className: string }) {
  const t = useTranslations("AdminContracts.stamp");
  return (
    // biome-ignore lint/performance/noImgElement: a data URL from the API; next/image cannot optimise it.
    <img
      src={stamp.previewDataUri}
      alt={t("imageAlt", { id: stamp.id })}
      className={`w-auto max-w-full rounded border border-slate-200 bg-white object-contain ${className}`}
    />
  );
}
