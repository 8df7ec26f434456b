"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { linkClass } from "@/components/ui/styles";
import { Table, TableBody, TableColumns, Td } from "@/components/ui/table";
import type { ApiLoad } from "@/lib/api/problem";
import type { auditListSchema as AuditListSchema } from "@/lib/schemas/admin";
import { auditListSchema } from "../admin-schemas.lazy";
import { AdminCard } from "../shared/admin-card";
import { DASHBOARD_PATHS } from "../shared/dashboard-paths";
import { useRefreshableCard } from "../shared/use-refreshable";

type AuditList = z.infer<typeof AuditListSchema>;

const COLUMNS = ["time", "action", "actor", "subject"] as const;

/**
 * The overall audit trail across all users, newest first, as the server loaded it for the first
 * render; the refresh button asks again through the API client.
 */
export function DashboardAuditLog({ initial }: { initial: ApiLoad<AuditList> }) {
  const t = useTranslations("AdminArea.audit");
  const { data, loading, reload, failure } = useRefreshableCard(
    DASHBOARD_PATHS.audit,
    auditListSchema,
    initial,
    (reason) => t("failed", { reason }),
  );
  const entries = data?.entries;

  return (
    <AdminCard
      headingId="audit-heading"
      heading={t("heading")}
      action={
        <Button variant="secondary" size="sm" loading={loading} onClick={() => void reload()}>
          {t("refresh")}
        </Button>
      }
      hint={t("intro")}
      intro={
        <Link href="/admin/audit-log" className={`${linkClass} mt-1 inline-block text-sm`}>
          {t("viewAll")}
        </Link>
      }
      loading={loading}
      failure={failure}
      empty={entries?.length === 0 && t("empty")}
    >
      {entries && entries.length > 0 && (
        <Table caption={t("caption")} captionHidden regionLabel={t("region")}>
          <TableColumns keys={COLUMNS} label={(column) => t(column)} />
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
    </AdminCard>
  );
}
