"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import type { ApiLoad } from "@/components/api/problem";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { linkClass } from "@/components/ui/form-field";
import { Table, TableBody, TableHead, Td, Th } from "@/components/ui/table";
import { auditListSchema } from "@/lib/schemas/admin";
import { DASHBOARD_PATHS } from "./dashboard-paths";
import { adminCardClass, CardError, useAdminErrorText } from "./dashboard-ui";
import { useRefreshable } from "./use-refreshable";

type AuditList = z.infer<typeof auditListSchema>;

/**
 * The overall audit trail across all users, newest first, as the server loaded it for the first
 * render; the refresh button asks again through the API client.
 */
export function DashboardAuditLog({ initial }: { initial: ApiLoad<AuditList> }) {
  const t = useTranslations("AdminArea.audit");
  const errorText = useAdminErrorText();
  const { data, error, loading, reload } = useRefreshable(DASHBOARD_PATHS.audit, auditListSchema, initial);
  const entries = data?.entries;

  return (
    <section aria-labelledby="audit-heading" aria-busy={loading} className={adminCardClass}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="audit-heading" className="text-lg font-semibold text-slate-900">
          {t("heading")}
        </h2>
        <Button variant="secondary" size="sm" loading={loading} onClick={() => void reload()}>
          {t("refresh")}
        </Button>
      </div>
      <p className="mt-1 text-sm text-slate-700">{t("intro")}</p>
      <Link href="/admin/audit-log" className={`${linkClass} mt-1 inline-block text-sm`}>
        {t("viewAll")}
      </Link>
      {error && (
        <CardError
          message={t("failed", { reason: errorText(error) })}
          onRetry={() => void reload()}
          retrying={loading}
        />
      )}
      {entries && entries.length === 0 && (
        <div className="mt-3">
          <EmptyState title={t("empty")} />
        </div>
      )}
      {entries && entries.length > 0 && (
        <Table caption={t("caption")} captionHidden regionLabel={t("region")}>
          <TableHead>
            <tr>
              <Th>{t("time")}</Th>
              <Th>{t("action")}</Th>
              <Th>{t("actor")}</Th>
              <Th>{t("subject")}</Th>
            </tr>
          </TableHead>
          <TableBody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <Td className="whitespace-nowrap">{entry.at.replace("T", " ").slice(0, 19)}</Td>
                <Td className="font-mono text-slate-900">{entry.action}</Td>
                <Td>{entry.actor.email ?? t("system")}</Td>
                <Td>{entry.subject.email ?? "—"}</Td>
              </tr>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
