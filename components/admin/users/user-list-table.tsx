"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { buttonClass, RowButton } from "@/components/ui/button";
import { NoValue, Table } from "@/components/ui/table";
import type { AdminUser } from "@/lib/schemas/admin";
import { useAdminDay } from "../shared/use-admin-date";
import type { SortColumn } from "./user-list-query";
import { PlainHeader, SortHeader } from "./user-list-sort-header";

const COLUMNS = ["email", "name", "type", "status", "role", "created", "lastLogin", "actions"] as const;
/** The columns the list can be ordered by (each on an index of the API's). */
const SORTABLE: Partial<Record<(typeof COLUMNS)[number], SortColumn>> = {
  email: "email",
  name: "name",
  type: "type",
  status: "status",
  created: "created",
};

/** The row's links: the user's details and their profile form. */
const USER_PAGES = [
  ["view", "view"],
  ["edit", "profile"],
] as const;

// Text carries the meaning; colour only repeats it (WCAG 1.4.1), each pairing at least 4.5:1.
const statusTone: Record<AdminUser["status"], string> = {
  active: "bg-green-100 text-green-800 ring-green-700/30",
  pending: "bg-amber-100 text-amber-900 ring-amber-700/30",
  suspended: "bg-red-100 text-red-800 ring-red-700/30",
};

/** Companies by company name, persons by first plus last name. */
function nameOf(user: AdminUser): string {
  if (user.user_type === "company" && user.company_name?.trim()) return user.company_name.trim();
  const full = [user.first_name?.trim(), user.last_name?.trim()].filter(Boolean).join(" ");
  return full || user.company_name?.trim() || "";
}

/**
 * User table. It scrolls inside its own focusable region at narrow widths, so the page
 * never scrolls sideways; repeated row buttons are described by the row's email.
 */
export function UserListTable({
  users,
  order,
  busyUserId,
  onDelete,
  onToggleSuspension,
}: {
  users: AdminUser[];
  /** The current order and, for each sortable column, where its header leads. */
  order: {
    sort: SortColumn;
    dir: "asc" | "desc";
    href: (column: SortColumn) => string;
    onSort: (column: SortColumn) => void;
  };
  busyUserId: string | null;
  onDelete: (user: AdminUser, opener: HTMLButtonElement) => void;
  onToggleSuspension: (user: AdminUser) => void;
}) {
  const t = useTranslations("AdminArea.users.table");
  const tValues = useTranslations("AdminArea.values");
  const id = useId();
  const day = useAdminDay();
  const when = (value: string | null) => {
    const formatted = day(value);
    return formatted ? <time dateTime={formatted.iso}>{formatted.text}</time> : t("never");
  };
  const linkClass = buttonClass({ variant: "secondary", size: "sm" });
  return (
    <Table caption={t("caption")} captionHidden regionLabel={t("region")} minWidth="min-w-[64rem]">
      <thead className="bg-slate-50 text-slate-800">
        <tr>
          {COLUMNS.map((column) => {
            const sortable = SORTABLE[column];
            return sortable ? (
              <SortHeader
                key={column}
                column={sortable}
                label={t(column)}
                sort={order.sort}
                dir={order.dir}
                href={order.href(sortable)}
                onSort={order.onSort}
              />
            ) : (
              <PlainHeader key={column} label={t(column)} />
            );
          })}
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          const rowHeaderId = `${id}-${user.id}`;
          const name = nameOf(user);
          const busy = busyUserId === user.id;
          const suspended = user.status === "suspended";
          return (
            <tr key={user.id} className="border-t border-slate-200 align-top text-slate-800">
              <th id={rowHeaderId} scope="row" className="px-3 py-3 font-medium break-all text-slate-900">
                {user.email}
              </th>
              <td className="px-3 py-3 break-words">{name || <NoValue label={t("noName")} />}</td>
              <td className="px-3 py-3 whitespace-nowrap">{tValues(`userType.${user.user_type}`)}</td>
              <td className="px-3 py-3">
                <span
                  className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusTone[user.status]}`}
                >
                  <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
                  {tValues(`status.${user.status}`)}
                </span>
              </td>
              <td className="px-3 py-3 whitespace-nowrap">
                {tValues(`role.${user.role}`)}
                {user.two_factor_enabled === 1 && (
                  <span className="block text-xs text-slate-600">{t("twoFactorOn")}</span>
                )}
              </td>
              <td className="px-3 py-3 whitespace-nowrap">{when(user.created_at)}</td>
              <td className="px-3 py-3 whitespace-nowrap">{when(user.last_login_at)}</td>
              <td className="px-3 py-3">
                <div className="flex min-w-[18rem] flex-wrap items-center gap-2">
                  {USER_PAGES.map(([label, page]) => (
                    <Link
                      key={page}
                      href={`/admin/user-management/${page}/${encodeURIComponent(user.id)}`}
                      className={linkClass}
                      aria-describedby={rowHeaderId}
                    >
                      {t(label)}
                    </Link>
                  ))}
                  <RowButton
                    describedBy={rowHeaderId}
                    loading={busy}
                    onClick={() => onToggleSuspension(user)}
                  >
                    {busy ? t("working") : suspended ? t("reactivate") : t("suspend")}
                  </RowButton>
                  <RowButton
                    danger
                    describedBy={rowHeaderId}
                    onClick={(event) => onDelete(user, event.currentTarget)}
                  >
                    {t("delete")}
                  </RowButton>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
