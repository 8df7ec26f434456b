"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { displayName, initials } from "@/lib/display-name";
import { PAGE_SIZES } from "@/lib/schemas/admin";
import { pendingUsersResponseSchema } from "@/lib/schemas/admin-user";
import { useAdminResource } from "./use-admin-resource";
import { actionButtonClass } from "./user-detail-actions";
import { namedUser } from "./user-detail-data";
import { sectionClass } from "./user-detail-sections";

const COLUMNS = ["user", "type", "status", "role", "created", "lastLogin", "actions"] as const;

/** Spec §3: dates in the list show their first 10 characters (the ISO day). */
const day = (value: string | null) => value?.slice(0, 10) || null;

// aria-disabled rather than disabled: the button reaching a bound keeps the keyboard focus.
const pagerButtonClass =
  "inline-flex min-h-10 items-center justify-center rounded-lg border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:cursor-not-allowed aria-disabled:border-slate-300 aria-disabled:bg-slate-50 aria-disabled:text-slate-600";

/**
 * Spec §2 /admin/verify-users: users who finished onboarding and wait for approval. Header
 * 'showing N of total', page sizes 10/20/50/100 (back to page 1 on a change), footer
 * 'page X of Y (total N users)' with Previous/Next disabled at the bounds.
 */
export function VerifyQueue() {
  const t = useTranslations("AdminUser.queue");
  const tInfo = useTranslations("AdminUser.info");
  const sizeId = useId();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const { load, reload } = useAdminResource(
    `/api/admin/verification-pending-users?page=${page}&pageSize=${pageSize}`,
    pendingUsersResponseSchema,
    (reason) => t("loadFailed", { reason }),
  );
  const data = load.state === "ready" ? load.data : null;
  // The last known counts stay while the next page loads, so the pager keeps its state (and
  // the button just pressed keeps the focus).
  const [known, setKnown] = useState({ pageCount: 1, total: 0 });
  useEffect(() => {
    if (data) setKnown({ pageCount: data.pageCount, total: data.total });
  }, [data]);
  const pageCount = Math.max(1, data?.pageCount ?? known.pageCount);
  const total = data?.total ?? known.total;

  return (
    <section
      aria-labelledby="verify-queue-table"
      aria-busy={load.state === "loading"}
      className={sectionClass}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="verify-queue-table" className="text-lg font-semibold text-slate-900">
            {t("tableHeading")}
          </h2>
          {/* Polite: the count changes after every page or size change. */}
          <p aria-live="polite" className="text-sm text-slate-700">
            {data ? t("showing", { shown: data.users.length, total: data.total }) : "\u00a0"}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="text-sm font-medium text-slate-800">
            {t("pageSize")}
          </label>
          <select
            id={sizeId}
            value={pageSize}
            onChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(1);
            }}
            className="rounded-lg border border-slate-400 bg-white px-2 py-1.5 text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </div>

      {load.state === "loading" && (
        <p role="status" className="mt-4 text-slate-700">
          {t("loading")}
        </p>
      )}
      {load.state === "failed" && (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
            {load.message}
          </p>
          <button type="button" className={actionButtonClass} onClick={reload}>
            {t("retry")}
          </button>
        </div>
      )}
      {(load.state === "notFound" || data?.users.length === 0) && (
        <p className="mt-4 text-slate-700">{t("empty")}</p>
      )}
      {data && data.users.length > 0 && (
        <section
          aria-label={t("region")}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          className="mt-4 max-w-full overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <table className="w-full min-w-[52rem] border-collapse text-left text-sm">
            <caption className="sr-only">{t("caption")}</caption>
            <thead className="bg-slate-50 text-slate-800">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-semibold">
                    {t(`columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.users.map((user) => {
                const named = namedUser(user);
                const name = displayName(named, tInfo("noName"));
                const created = day(user.created_at);
                const lastLogin = day(user.last_login_at);
                return (
                  <tr key={user.id} className="border-t border-slate-200 align-middle text-slate-800">
                    <th scope="row" className="px-3 py-3 text-left font-normal">
                      <div className="flex items-center gap-3">
                        <span
                          aria-hidden="true"
                          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
                        >
                          {initials(named)}
                        </span>
                        <span className="min-w-0">
                          <span className="block font-semibold text-slate-900">{name}</span>
                          <span className="block break-all text-slate-700">{user.email}</span>
                        </span>
                      </div>
                    </th>
                    <td className="px-3 py-3">{tInfo("types", { type: user.user_type })}</td>
                    <td className="px-3 py-3">{tInfo("statuses", { status: user.status })}</td>
                    <td className="px-3 py-3">{tInfo("roles", { role: user.role })}</td>
                    <td className="px-3 py-3 whitespace-nowrap">
                      {created ? <time dateTime={created}>{created}</time> : tInfo("never")}
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap">
                      {lastLogin ? <time dateTime={lastLogin}>{lastLogin}</time> : tInfo("never")}
                    </td>
                    <td className="px-3 py-3">
                      <Link
                        href={`/admin/user-management/verify/${encodeURIComponent(user.id)}`}
                        className={actionButtonClass}
                      >
                        {t("verify")}
                        <span className="sr-only"> {name}</span>
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}

      <nav aria-label={t("pagination")} className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">{t("pageOf", { page, pageCount, total })}</p>
        <div className="flex gap-2">
          <button
            type="button"
            className={pagerButtonClass}
            aria-disabled={page <= 1}
            onClick={() => page > 1 && setPage(page - 1)}
          >
            {t("previous")}
          </button>
          <button
            type="button"
            className={pagerButtonClass}
            aria-disabled={page >= pageCount}
            onClick={() => page < pageCount && setPage(page + 1)}
          >
            {t("next")}
          </button>
        </div>
      </nav>
    </section>
  );
}
