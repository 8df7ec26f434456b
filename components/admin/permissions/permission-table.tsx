"use client";

import { useTranslations } from "next-intl";
import { NoValue, Table, TableColumns } from "@/components/ui/table";
import type { Permission } from "@/lib/schemas/admin";
import { useAdminDay } from "../shared/use-admin-date";

const COLUMNS = ["name", "description", "active", "created"] as const;

/** Table of the current permissions, scrolling in its own region at narrow widths. */
export function PermissionTable({ permissions }: { permissions: Permission[] }) {
  const t = useTranslations("AdminArea.permissions.table");
  const day = useAdminDay();
  return (
    <Table caption={t("caption")} captionHidden regionLabel={t("region")} minWidth="min-w-[36rem]">
      <TableColumns keys={COLUMNS} label={(column) => t(column)} />
      <tbody>
        {permissions.map((permission) => (
          <tr key={permission.id} className="border-t border-slate-200 align-top text-slate-800">
            <th scope="row" className="px-3 py-3 font-mono text-sm font-medium break-all text-slate-900">
              {permission.name}
            </th>
            <td className="px-3 py-3 break-words">
              {permission.description || <NoValue label={t("noDescription")} />}
            </td>
            <td className="px-3 py-3">
              <span
                className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
                  permission.is_active
                    ? "bg-green-100 text-green-800 ring-green-700/30"
                    : "bg-slate-200 text-slate-800 ring-slate-500/30"
                }`}
              >
                {permission.is_active ? t("yes") : t("no")}
              </span>
            </td>
            <td className="px-3 py-3 whitespace-nowrap tabular-nums">{day(permission.created_at)?.text}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
