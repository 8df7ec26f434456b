"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { RowButton } from "@/components/ui/button";
import type { CompanyStamp } from "@/lib/schemas/contracts";
import { StampImage } from "./stamp-image";

/** The saved stamps (at most one), each with its state and its activate and delete buttons. */
export function StampList({
  stamps,
  busyId,
  onActivate,
  onDelete,
}: {
  stamps: CompanyStamp[];
  busyId: number | null;
  onActivate: (stamp: CompanyStamp) => void;
  onDelete: (stamp: CompanyStamp, opener: HTMLButtonElement) => void;
}) {
  const t = useTranslations("AdminContracts.stamp");
  const id = useId();
  if (stamps.length === 0) return <p className="mt-1 text-slate-700">{t("savedEmpty")}</p>;
  return (
    <ul className="mt-3 space-y-3">
      {stamps.map((stamp) => {
        const titleId = `${id}-stamp-${stamp.id}`;
        return (
          <li
            key={stamp.id}
            data-active={stamp.isActive}
            className={`flex flex-wrap items-center gap-4 rounded-lg border p-3 ${
              stamp.isActive ? "border-green-700 bg-green-50 ring-1 ring-green-700" : "border-slate-300"
            }`}
          >
            <StampImage stamp={stamp} className="h-24" />
            <div className="min-w-0 flex-1 space-y-1">
              <p id={titleId} className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                {t("stampTitle", { id: stamp.id })}
                <span
                  className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
                    stamp.isActive
                      ? "bg-green-100 text-green-800 ring-green-700/30"
                      : "bg-slate-200 text-slate-800 ring-slate-500/30"
                  }`}
                >
                  {stamp.isActive ? t("activeBadge") : t("inactiveBadge")}
                </span>
              </p>
              {stamp.label && (
                <p className="break-words text-slate-800">{t("stampLabel", { label: stamp.label })}</p>
              )}
              <div className="flex flex-wrap gap-2 pt-1">
                {!stamp.isActive && (
                  <RowButton
                    describedBy={titleId}
                    loading={busyId === stamp.id}
                    onClick={() => onActivate(stamp)}
                  >
                    {t("activate")}
                  </RowButton>
                )}
                <RowButton
                  danger
                  describedBy={titleId}
                  onClick={(event) => onDelete(stamp, event.currentTarget)}
                >
                  {t("delete")}
                </RowButton>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
