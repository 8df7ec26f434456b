"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { z } from "zod";
import type { auditEntrySchema } from "@/lib/schemas/admin";
import { adminTableRegionClass } from "../dashboard-ui";
import { AuditDetails } from "./audit-details";

type Entry = z.infer<typeof auditEntrySchema>;

/**
 * One page of audit entries. Times are written the page language's way, in UTC and saying so:
 * the server renders them and the browser's own zone may differ, and an audit trail compares
 * times across admins.
 */
export function AuditLogTable({ entries }: { entries: Entry[] }) {
  const t = useTranslations("AdminAuditLog.table");
  const format = useFormatter();
  const when = (iso: string) => {
    const at = new Date(iso);
    return Number.isNaN(at.getTime())
      ? iso
      : format.dateTime(at, { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
  };
  return (
    <section
      aria-label={t("region")}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className={adminTableRegionClass}
    >
      <table className="w-full min-w-[48rem] border-collapse text-left text-sm">
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="bg-slate-50 text-slate-800">
          <tr>
            {(["time", "action", "actor", "subject", "details"] as const).map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {t(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t border-slate-200 align-top text-slate-800">
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={entry.at}>{when(entry.at)}</time>
              </td>
              <td className="px-3 py-2 font-mono break-all text-slate-900">{entry.action}</td>
              <td className="px-3 py-2 break-all">{entry.actor.email ?? t("system")}</td>
              <td className="px-3 py-2 break-all">
                {entry.subject.email ?? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">{t("nobody")}</span>
                  </>
                )}
              </td>
              <td className="px-3 py-2">
                <AuditDetails details={entry.details} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
