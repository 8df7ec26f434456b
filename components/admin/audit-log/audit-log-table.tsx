"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { z } from "zod";
import { NoValue, Table, TableColumns } from "@/components/ui/table";
import type { auditEntrySchema } from "@/lib/schemas/admin";
import { AuditDetails } from "../shared/audit-details";

const COLUMNS = ["time", "action", "actor", "subject", "details"] as const;

type Entry = z.infer<typeof auditEntrySchema>;

/**
 * One page of audit entries. Times are written the page language's way, in the installation's
 * zone (APP_TIME_ZONE, the same for every admin) and naming it: an audit trail compares times
 * across admins, and with what a mail or a log said.
 */
export function AuditLogTable({ entries }: { entries: Entry[] }) {
  const t = useTranslations("AdminAuditLog.table");
  const format = useFormatter();
  const when = (iso: string) => {
    const at = new Date(iso);
    return Number.isNaN(at.getTime()) ? iso : format.dateTime(at, { dateStyle: "medium", timeStyle: "long" });
  };
  return (
    <Table caption={t("caption")} captionHidden regionLabel={t("region")} minWidth="min-w-[48rem]">
      <TableColumns keys={COLUMNS} label={(column) => t(column)} />
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} className="border-t border-slate-200 align-top text-slate-800">
            <td className="px-3 py-2 whitespace-nowrap">
              <time dateTime={entry.at}>{when(entry.at)}</time>
            </td>
            <td className="px-3 py-2 font-mono break-all text-slate-900">{entry.action}</td>
            <td className="px-3 py-2 break-all">{entry.actor.email ?? t("system")}</td>
            <td className="px-3 py-2 break-all">{entry.subject.email ?? <NoValue label={t("nobody")} />}</td>
            <td className="px-3 py-2">
              <AuditDetails details={entry.details} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
