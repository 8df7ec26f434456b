"use client";

import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ComponentProps, useCallback, useEffect, useId, useRef, useState, useTransition } from "react";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { useFocusAfterDialog } from "@/components/ui/alert-dialog";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { adminUserApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import type { AdminUser, userListResponseSchema } from "@/lib/schemas/admin";
import { ServerList } from "../shared/admin-card";
import { AdminPager } from "../shared/admin-pager";
import { useAdminRefusalOr } from "../shared/use-admin-error-text";
import { AdminStats } from "../shared/user-stats";
import { UserConfirmDialog } from "./user-confirm-dialog";
import { UserListFilters } from "./user-list-filters";
import {
  type SortColumn,
  sortedBy,
  type UserListUrlQuery,
  userExportPath,
  userListSearch,
} from "./user-list-query";
import { UserListTable } from "./user-list-table";

type UserList = z.infer<typeof userListResponseSchema>;

/**
 * /admin/user-management below the heading: stats, filter form, the paginated table.
 * The page loads the list on the server from the URL (filters, search, page and size live
 * there, so a link or back/forward shows the same list); a change here navigates, and the
 * server renders the new list. `list` is null when the server could not load it.
 */
export function UserListManagement({
  query,
  list,
  stats,
}: {
  query: UserListUrlQuery;
  list: UserList | null;
  /** The counts, loaded with the page (their card asks again only after a change). */
  stats?: ComponentProps<typeof AdminStats>["initial"];
}) {
  const t = useTranslations("AdminArea.users");
  const tCommon = useTranslations("AdminArea.common");
  // The API's refusal (the last super admin, an admin's account) in the page's language.
  const refusalOr = useAdminRefusalOr();
  const router = useRouter();
  const pathname = usePathname();
  const id = useId();
  const [pending, startTransition] = useTransition();
  const [statsKey, setStatsKey] = useState(0);
  const [busyUserId, setBusyUserId] = useState<string | null>(null);
  // The user whose suspension or deletion the dialog asks to confirm.
  const [confirming, setConfirming] = useState<{ action: "suspend" | "delete"; user: AdminUser } | null>(
    null,
  );
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);
  // Where focus goes once the dialog is gone (while it is open, the page is inert); without
  // one, the dialog returns it to the button that opened it.
  const focusAfterDialog = useFocusAfterDialog(confirming !== null);

  const navigate = useCallback(
    (next: Partial<UserListUrlQuery>, { replace = false }: { replace?: boolean } = {}) => {
      const href = `${pathname}${userListSearch({ ...query, ...next })}`;
      startTransition(() => (replace ? router.replace(href) : router.push(href)));
    },
    [pathname, query, router],
  );
  const reload = useCallback(() => startTransition(() => router.refresh()), [router]);

  // A delete can empty the last page: go to the page that is now the last one.
  useEffect(() => {
    if (list && list.users.length === 0 && query.page > 1 && list.pageCount > 0)
      navigate({ page: Math.min(query.page - 1, list.pageCount) }, { replace: true });
  }, [list, query.page, navigate]);

  /** Reactivating is harmless and happens at once; suspending asks first (the dialog). */
  const reactivate = async (user: AdminUser) => {
    const action = "reactivate";
    setBusyUserId(user.id);
    try {
      await api.post(apiPath(adminUserApi.reactivate, { id: user.id }));
      notify.success(t("reactivated", { email: user.email }));
      setStatsKey((key) => key + 1);
      reload();
    } catch (error) {
      // A 401 the client could not renew has already ended the session.
      if (!(isApiProblem(error) && error.status === 401))
        notify.error(refusalOr(error, t(`${action}Failed`)));
    } finally {
      setBusyUserId(null);
    }
  };

  const suspend = async (user: AdminUser): Promise<string | null> => {
    try {
      await api.post(apiPath(adminUserApi.suspend, { id: user.id }));
    } catch (error) {
      return refusalOr(error, t("suspendFailed"));
    }
    setConfirming(null);
    notify.success(t("suspended", { email: user.email }));
    setStatsKey((key) => key + 1);
    reload();
    return null;
  };

  const sortHref = (column: SortColumn) => `${pathname}${userListSearch(sortedBy(query, column))}`;

  const deleteUser = async (user: AdminUser): Promise<string | null> => {
    try {
      await api.delete(apiPath(adminUserApi.remove, { id: user.id }));
    } catch (error) {
      return refusalOr(error, t("deleteFailed"));
    }
    // The row and its button go: focus goes to the results heading.
    focusAfterDialog.current = resultsHeadingRef.current;
    setConfirming(null);
    notify.success(t("deleted", { email: user.email }));
    setStatsKey((key) => key + 1);
    reload();
    return null;
  };

  const pageCount = Math.max(list?.pageCount ?? 1, 1);
  const total = list?.total ?? 0;
  // Beyond a cap the API estimates the count instead of counting every match: say so ("1,000+").
  const estimate = list?.totalIsEstimate === true;
  return (
    <div className="space-y-6">
      <AdminStats reloadKey={statsKey} initial={stats} />

      <Card as="section" padding="compact" className="min-w-0">
        <UserListFilters query={query} onChange={navigate} />
      </Card>

      <Card
        as="section"
        aria-labelledby={`${id}-results`}
        aria-busy={pending}
        padding="compact"
        className="min-w-0"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2
            ref={resultsHeadingRef}
            id={`${id}-results`}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none"
          >
            {t("results.heading")}
          </h2>
          {/* A plain download link: the file streams to disk instead of into the page's memory. */}
          <a
            href={userExportPath(query)}
            download
            className={buttonClass({ variant: "secondary", size: "sm" })}
            aria-describedby={`${id}-export-hint`}
          >
            {t("export.button")}
          </a>
        </div>
        <p id={`${id}-export-hint`} className="mt-1 text-sm text-slate-700">
          {t("export.hint")}
        </p>
        <p role="status" className="mt-1 text-slate-700">
          {pending
            ? t("results.loading")
            : list
              ? t("results.showing", { shown: list.users.length, total })
              : ""}
        </p>
        <ServerList
          items={list?.users ?? null}
          failure={t("results.loadFailed", { message: tCommon("invalidResponse") })}
          empty={t("results.empty")}
          retrying={pending}
          onRetry={reload}
        >
          {(users) => (
            <UserListTable
              users={users}
              order={{
                sort: query.sort,
                dir: query.dir,
                href: sortHref,
                onSort: (column) => navigate(sortedBy(query, column)),
              }}
              busyUserId={busyUserId}
              onDelete={(user) => setConfirming({ action: "delete", user })}
              onToggleSuspension={(user) =>
                user.status === "suspended"
                  ? void reactivate(user)
                  : setConfirming({ action: "suspend", user })
              }
            />
          )}
        </ServerList>
        {list && (
          <AdminPager
            label={t("pagination.label")}
            summary={t(estimate ? "pagination.summaryEstimate" : "pagination.summary", {
              page: query.page,
              pageCount,
              total,
            })}
            page={query.page}
            pageCount={pageCount}
            previousLabel={t("pagination.previous")}
            nextLabel={t("pagination.next")}
            onPage={(page) => navigate({ page })}
          />
        )}
      </Card>

      {confirming && (
        <UserConfirmDialog
          action={confirming.action}
          email={confirming.user.email}
          onCancel={() => setConfirming(null)}
          onConfirm={() => (confirming.action === "delete" ? deleteUser : suspend)(confirming.user)}
        />
      )}
    </div>
  );
}
