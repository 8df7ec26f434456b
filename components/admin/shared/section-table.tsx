"use client";

import type { ReactNode } from "react";
import { useAdminDay } from "./use-admin-date";

/**
 * A small table inside an admin detail section: it scrolls sideways on a narrow screen, its
 * caption is for screen readers only (the section's heading says it for the eye), and the
 * last column has no gap after it. `children` are the body's rows; `after` follows the table.
 */
export function SectionTable({
  caption,
  columns,
  children,
  after,
}: {
  caption: string;
  columns: string[];
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            {columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={index < columns.length - 1 ? "py-2 pr-4 font-medium" : "py-2 font-medium"}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
      {after}
    </div>
  );
}

/** A SectionTable's last cell holding a day, written the page language's way (empty when unknown). */
export function DayCell({ value }: { value: string | null | undefined }) {
  const day = useAdminDay()(value);
  return <td className="py-2 text-slate-900">{day && <time dateTime={day.iso}>{day.text}</time>}</td>;
}
