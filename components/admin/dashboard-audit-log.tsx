"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import type { z } from "zod";
import { buttonClass } from "@/components/ui/button";
import { auditListSchema } from "@/lib/schemas/admin";
import { adminCardClass, adminTableRegionClass, loadJson, useAdminErrorText } from "./dashboard-ui";

type Entries = z.infer<typeof auditListSchema>["entries"];

/** The overall audit trail (issue 6: viewable per user and overall); newest first. */
export function DashboardAuditLog() {
  const t = useTranslations("AdminArea.audit");
  const errorText = useAdminErrorText();
  const [entries, setEntries] = useState<Entries | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await loadJson("/api/admin/audit?pageSize=20", auditListSchema);
    if (result.ok) {
      setEntries(result.data.entries);
      setError(null);
    } else {
      setError(errorText(result.error));
    }
  }, [errorText]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section aria-labelledby="audit-heading" className={adminCardClass}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="audit-heading" className="text-lg font-semibold text-slate-900">
          {t("heading")}
        </h2>
        <button
          type="button"
          className={buttonClass({ variant: "secondary", size: "sm" })}
          onClick={() => void load()}
        >
          {t("refresh")}
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-700">{t("intro")}</p>
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-800">
          {t("failed", { reason: error })}
        </p>
      )}
      {!entries && !error && (
        <p role="status" className="mt-3 text-slate-700">
          {t("loading")}
        </p>
      )}
      {entries && entries.length === 0 && <p className="mt-3 text-slate-700">{t("empty")}</p>}
      {entries && entries.length > 0 && (
        <section
          aria-label={t("region")}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          className={adminTableRegionClass}
        >
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">{t("caption")}</caption>
            <thead className="bg-slate-50 text-slate-800">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("time")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("action")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("actor")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("subject")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="whitespace-nowrap px-3 py-2 text-slate-800">
                    {entry.at.replace("T", " ").slice(0, 19)}
                  </td>
                  <td className="px-3 py-2 font-mono text-slate-900">{entry.action}</td>
                  <td className="px-3 py-2 text-slate-800">{entry.actor.email ?? t("system")}</td>
                  <td className="px-3 py-2 text-slate-800">{entry.subject.email ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
