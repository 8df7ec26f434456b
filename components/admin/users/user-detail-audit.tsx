"use client";

import { useFormatter, useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import { adminOpsApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { auditListSchema } from "../admin-schemas.lazy";
import type { AdminUserLoad } from "../shared/admin-user";
import { AuditDetails } from "../shared/audit-details";
import { useAdminResource } from "../shared/use-admin-resource";
import { LoadSection } from "../shared/user-detail-sections";

/**
 * The user's audit trail (replaces the spec's 'logs' placeholder): who did what to or as this
 * user, newest first as the API sends it. A list rather than a table so it fits 390 px.
 */
export function UserDetailAudit({ userId, initial }: { userId: string; initial?: AdminUserLoad["audit"] }) {
  const t = useTranslations("AdminUser.audit");
  const format = useFormatter();
  const { load, reload } = useAdminResource(
    apiPath(adminOpsApi.audit, { userId }),
    auditListSchema,
    (reason) => t("failed", { reason }),
    initial,
  );

  return (
    <LoadSection
      heading={t("heading")}
      action={
        <button type="button" className={buttonClass({ variant: "secondary", size: "sm" })} onClick={reload}>
          {t("refresh")}
        </button>
      }
      load={load}
      loadingText={t("loading")}
      empty={
        (load.state === "notFound" || (load.state === "ready" && load.data.entries.length === 0)) &&
        t("empty")
      }
    >
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
    </LoadSection>
  );
}
