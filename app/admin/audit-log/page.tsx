import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuditLogFilters } from "@/components/admin/audit-log/audit-log-filters";
import { auditLogApiPath, auditLogSearch } from "@/components/admin/audit-log/audit-log-query";
import { AuditLogTable } from "@/components/admin/audit-log/audit-log-table";
import { AdminPage, adminPageMetadata } from "@/components/admin/shared/admin-page";
import type { SearchParams } from "@/components/admin/shared/list-query";
import { readAuditLogQuery } from "@/components/admin/shared/read-list-queries";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { adminOpsApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { auditActionsSchema, auditListSchema } from "@/lib/schemas/admin";
import { apiGetAsUser } from "@/web/api-server";

export const generateMetadata = adminPageMetadata("AdminAuditLog");

/**
 * The whole audit log (the admin layout has checked the role), newest first, filtered by action
 * and by a user's email, loaded with the first render from the URL. Older pages follow by
 * keyset (the URL holds the position), so a page deep in a long log costs the same as the first.
 */
export default async function AuditLogPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const t = await getTranslations("AdminAuditLog");
  const query = readAuditLogQuery(await searchParams);
  const [list, actions] = await Promise.all([
    apiGetAsUser(auditLogApiPath(query), auditListSchema),
    apiGetAsUser(apiPath(adminOpsApi.auditActions), auditActionsSchema),
  ]);
  const filtered = Boolean(query.action || query.email);
  const linkClass = buttonClass({ variant: "secondary", size: "sm" });
  return (
    <AdminPage namespace="AdminAuditLog" id="audit-log-title">
      <Card as="section" padding="compact" className="min-w-0">
        <AuditLogFilters query={query} actions={actions?.actions ?? []} />
      </Card>
      <Card as="section" aria-labelledby="audit-log-results" padding="compact" className="min-w-0">
        <h2 id="audit-log-results" className="text-lg font-semibold text-slate-900">
          {t("results.heading")}
        </h2>
        {!list ? (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-800">
            {t("results.failed")}
          </p>
        ) : (
          <>
            <p className="mt-1 text-slate-700">
              {t(filtered ? "results.countFiltered" : "results.count", { total: list.total })}
            </p>
            {list.entries.length > 0 ? (
              <AuditLogTable entries={list.entries} />
            ) : (
              <div className="mt-3">
                <EmptyState title={t("results.empty")} />
              </div>
            )}
            <nav aria-label={t("pages.label")} className="mt-4 flex flex-wrap gap-2">
              {query.cursor && (
                <Link
                  href={`/admin/audit-log${auditLogSearch({ ...query, cursor: undefined })}`}
                  className={linkClass}
                >
                  {t("pages.newest")}
                </Link>
              )}
              {list.nextCursor && (
                <Link
                  href={`/admin/audit-log${auditLogSearch({ ...query, cursor: list.nextCursor })}`}
                  className={linkClass}
                >
                  {t("pages.older")}
                </Link>
              )}
            </nav>
          </>
        )}
      </Card>
    </AdminPage>
  );
}
