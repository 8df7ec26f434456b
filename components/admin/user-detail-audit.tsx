"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import { buttonClass } from "@/components/ui/button";
import { auditListSchema } from "@/lib/schemas/admin";
import { AuditDetails } from "./audit-log/audit-details";
import { useAdminResource } from "./use-admin-resource";
import { sectionClass, sectionHeadingClass } from "./user-detail-sections";

/**
 * The user's audit trail (replaces the spec's 'logs' placeholder): who did what to or as this
 * user, newest first as the API sends it. A list rather than a table so it fits 390 px.
 */
export function UserDetailAudit({ userId }: { userId: string }) {
  const t = useTranslations("AdminUser.audit");
  const format = useFormatter();
  const headingId = useId();
  const { load, reload } = useAdminResource(
    `/api/admin/audit?userId=${encodeURIComponent(userId)}`,
    auditListSchema,
    (reason) => t("failed", { reason }),
  );

  return (
    <section aria-labelledby={headingId} aria-busy={load.state === "loading"} className={sectionClass}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className={sectionHeadingClass}>
          {t("heading")}
        </h2>
        <button type="button" className={buttonClass({ variant: "secondary", size: "sm" })} onClick={reload}>
          {t("refresh")}
        </button>
      </div>
      {load.state === "loading" && <p className="mt-3 text-slate-700">{t("loading")}</p>}
      {load.state === "failed" && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-800">
          {load.message}
        </p>
      )}
      {(load.state === "notFound" || (load.state === "ready" && load.data.entries.length === 0)) && (
        <p className="mt-3 text-slate-700">{t("empty")}</p>
      )}
      {load.state === "ready" && load.data.entries.length > 0 && (
        <>
          <p className="mt-2 text-sm text-slate-700">
            {t("count", { shown: load.data.entries.length, total: load.data.total })}
          </p>
          <ol className="mt-3 space-y-3">
            {load.data.entries.map((entry) => {
              const at = new Date(entry.at);
              return (
                <li key={entry.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                  <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="break-all font-mono font-semibold text-slate-900">{entry.action}</span>
                    <time dateTime={entry.at} className="text-slate-700">
                      {Number.isNaN(at.getTime())
                        ? entry.at
                        : format.dateTime(at, { dateStyle: "medium", timeStyle: "medium" })}
                    </time>
                  </p>
                  <p className="mt-1 break-all text-slate-800">
                    {t("actor", { actor: entry.actor.email ?? t("system") })}
                  </p>
                  <AuditDetails details={entry.details} className="mt-1 text-slate-800" />
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
