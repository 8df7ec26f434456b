"use client";

import { useTranslations } from "next-intl";
import type { MouseEvent } from "react";
import type { SortColumn } from "./user-list-query";

const headerClass = "px-3 py-2 font-semibold whitespace-nowrap";

/**
 * A column header that orders the list: a link to the list in that order (so it opens in a
 * new tab too, and back returns to the previous order), with aria-sort on the column the list
 * is ordered by. A plain click navigates inside the page so the list shows it is loading.
 */
export function SortHeader({
  column,
  label,
  sort,
  dir,
  href,
  onSort,
}: {
  column: SortColumn;
  label: string;
  sort: SortColumn;
  dir: "asc" | "desc";
  href: string;
  onSort: (column: SortColumn) => void;
}) {
  const t = useTranslations("AdminArea.users.table");
  const active = sort === column;
  const next = active ? (dir === "asc" ? "desc" : "asc") : column === "created" ? "desc" : "asc";
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onSort(column);
  };
  return (
    <th
      scope="col"
      className={headerClass}
      aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <a
        href={href}
        onClick={onClick}
        className="inline-flex items-center gap-1 rounded underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        {label}
        <span aria-hidden="true" className={active ? "text-slate-900" : "text-slate-500"}>
          {active ? (dir === "asc" ? "▲" : "▼") : "↕"}
        </span>
        <span className="sr-only">{t(next === "asc" ? "sortAscending" : "sortDescending")}</span>
      </a>
    </th>
  );
}

export function PlainHeader({ label }: { label: string }) {
  return (
    <th scope="col" className={headerClass}>
      {label}
    </th>
  );
}
