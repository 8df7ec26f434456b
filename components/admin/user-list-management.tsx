"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import type { z } from "zod";
import { useAuth } from "@/components/auth/auth-provider";
import { FormField, inputClass } from "@/components/ui/form-field";
import { type ApiErrorInfo, readApiError } from "@/lib/api-error";
import { notify } from "@/lib/notify";
import { type AdminUser, PAGE_SIZES, type UserListQuery, userListResponseSchema } from "@/lib/schemas/admin";
import { AdminStats } from "./dashboard-stats";
import { adminCardClass, adminSecondaryButtonClass, loadJson, useAdminErrorText } from "./dashboard-ui";
import { UserListDeleteDialog } from "./user-list-delete-dialog";
import { UserListTable } from "./user-list-table";

type UserList = z.infer<typeof userListResponseSchema>;
type Filters = {
  search: string;
  user_type: "" | NonNullable<UserListQuery["user_type"]>;
  status: "" | NonNullable<UserListQuery["status"]>;
  role: "" | NonNullable<UserListQuery["role"]>;
  pageSize: (typeof PAGE_SIZES)[number];
};

const USER_TYPES = ["personal", "company"] as const;
const STATUSES = ["pending", "active", "suspended"] as const;
const ROLES = ["user", "admin", "super_admin"] as const;
const INITIAL_FILTERS: Filters = { search: "", user_type: "", status: "", role: "", pageSize: 10 };
const SEARCH_DELAY_MS = 300;

function listPath(filters: Filters, page: number): string {
  const query = new URLSearchParams();
  const search = filters.search.trim();
  if (search) query.set("search", search);
  if (filters.user_type) query.set("user_type", filters.user_type);
  if (filters.status) query.set("status", filters.status);
  if (filters.role) query.set("role", filters.role);
  query.set("page", String(page));
  query.set("pageSize", String(filters.pageSize));
  return `/api/admin/user-list?${query}`;
}

/** The server's message where it sent one (spec §8 'or server message'), else the fallback. */
const serverMessageOr = (error: ApiErrorInfo, fallback: string) =>
  !error.code.startsWith("HTTP_") && error.message ? error.message : fallback;

/**
 * Spec §2 /admin/user-management below the heading: stats, filter form, the paginated table.
 * Filtering runs on the server (§5); any filter or size change goes back to page 1.
 */
export function UserListManagement() {
  const t = useTranslations("AdminArea.users");
  const tValues = useTranslations("AdminArea.values");
  const tCommon = useTranslations("AdminArea.common");
  const { apiFetch } = useAuth();
  const errorText = useAdminErrorText();
  const id = useId();

  // The search box updates at once; the query follows after a short pause in typing.
  const [searchInput, setSearchInput] = useState("");
  const [filters, setFilters] = useState<Filters>(INITIAL_FILTERS);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<UserList | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [statsKey, setStatsKey] = useState(0);
  const [busyUserId, setBusyUserId] = useState<string | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<{ user: AdminUser; opener: HTMLButtonElement } | null>(
    null,
  );
  const generation = useRef(0);
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  // Where focus goes once the modal dialog is gone (while it is open, the page is inert).
  const focusAfterDialog = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (deleteTarget || !focusAfterDialog.current) return;
    focusAfterDialog.current.focus();
    focusAfterDialog.current = null;
  }, [deleteTarget]);

  const load = useCallback(async () => {
    const current = ++generation.current;
    setLoading(true);
    const result = await loadJson(apiFetch, listPath(filters, page), userListResponseSchema);
    if (current !== generation.current) return;
    if (result.ok) {
      // A delete can empty the last page: go to the page that is now the last one.
      if (result.data.users.length === 0 && page > 1 && result.data.pageCount > 0) {
        setPage(Math.min(page - 1, result.data.pageCount));
        return;
      }
      setList(result.data);
      setError(null);
    } else {
      setError(errorText(result.error));
    }
    setLoading(false);
  }, [apiFetch, errorText, filters, page]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (searchInput === filters.search) return;
    const timer = window.setTimeout(() => {
      setFilters((current) => ({ ...current, search: searchInput }));
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [searchInput, filters.search]);

  const changeFilter = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };

  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilters((current) => ({ ...current, search: searchInput }));
    setPage(1);
  };

  const clearFilters = () => {
    setSearchInput("");
    setFilters(INITIAL_FILTERS);
    setPage(1);
  };

  const pageCount = Math.max(list?.pageCount ?? 1, 1);
  const total = list?.total ?? 0;
  const goToPage = (target: number, from: "previous" | "next") => {
    const bounded = Math.min(Math.max(target, 1), pageCount);
    // The pressed button is about to be disabled at a bound: keep focus on the other one.
    if (from === "next" && bounded >= pageCount) previousRef.current?.focus();
    if (from === "previous" && bounded <= 1) nextRef.current?.focus();
    setPage(bounded);
  };

  const toggleSuspension = async (user: AdminUser) => {
    const action = user.status === "suspended" ? "reactivate" : "suspend";
    setBusyUserId(user.id);
    try {
      const response = await apiFetch(`/api/admin/users/${encodeURIComponent(user.id)}/${action}`, {
        method: "POST",
      });
      if (response.status === 401) return;
      if (!response.ok) {
        notify.error(serverMessageOr(await readApiError(response), t(`${action}Failed`)));
        return;
      }
      notify.success(t(action === "suspend" ? "suspended" : "reactivated", { email: user.email }));
      setStatsKey((key) => key + 1);
      await load();
    } catch {
      notify.error(t(`${action}Failed`));
    } finally {
      setBusyUserId(null);
    }
  };

  const deleteUser = async (user: AdminUser): Promise<string | null> => {
    const fallback = t("deleteFailed");
    try {
      const response = await apiFetch(`/api/admin/user/${encodeURIComponent(user.id)}`, { method: "DELETE" });
      if (!response.ok) return serverMessageOr(await readApiError(response), fallback);
    } catch {
      return fallback;
    }
    // The row and its button are gone: focus goes to the results heading.
    focusAfterDialog.current = resultsHeadingRef.current;
    setDeleteTarget(null);
    notify.success(t("deleted", { email: user.email }));
    setStatsKey((key) => key + 1);
    void load();
    return null;
  };

  const cancelDelete = () => {
    focusAfterDialog.current = deleteTarget?.opener ?? null;
    setDeleteTarget(null);
  };

  const searchId = `${id}-search`;
  return (
    <div className="space-y-6">
      <AdminStats reloadKey={statsKey} />

      <section aria-labelledby={`${id}-filters`} className={adminCardClass}>
        <h2 id={`${id}-filters`} className="text-lg font-semibold text-slate-900">
          {t("filters.heading")}
        </h2>
        <form onSubmit={submitSearch} aria-labelledby={`${id}-filters`} className="mt-4 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            <div className="sm:col-span-2 lg:col-span-1">
              <FormField id={searchId} label={t("filters.search")} hint={t("filters.searchHint")}>
                <input
                  id={searchId}
                  type="search"
                  className={inputClass}
                  value={searchInput}
                  maxLength={200}
                  autoComplete="off"
                  aria-describedby={`${searchId}-hint`}
                  onChange={(event) => setSearchInput(event.target.value)}
                />
              </FormField>
            </div>
            <FormField id={`${id}-type`} label={t("filters.type")}>
              <select
                id={`${id}-type`}
                className={inputClass}
                value={filters.user_type}
                onChange={(event) => changeFilter("user_type", event.target.value as Filters["user_type"])}
              >
                <option value="">{t("filters.all")}</option>
                {USER_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {tValues(`userType.${value}`)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id={`${id}-status`} label={t("filters.status")}>
              <select
                id={`${id}-status`}
                className={inputClass}
                value={filters.status}
                onChange={(event) => changeFilter("status", event.target.value as Filters["status"])}
              >
                <option value="">{t("filters.all")}</option>
                {STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {tValues(`status.${value}`)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id={`${id}-role`} label={t("filters.role")}>
              <select
                id={`${id}-role`}
                className={inputClass}
                value={filters.role}
                onChange={(event) => changeFilter("role", event.target.value as Filters["role"])}
              >
                <option value="">{t("filters.all")}</option>
                {ROLES.map((value) => (
                  <option key={value} value={value}>
                    {tValues(`role.${value}`)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id={`${id}-page-size`} label={t("filters.pageSize")}>
              <select
                id={`${id}-page-size`}
                className={inputClass}
                value={filters.pageSize}
                onChange={(event) =>
                  changeFilter("pageSize", Number(event.target.value) as Filters["pageSize"])
                }
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={adminSecondaryButtonClass}>
              {t("filters.apply")}
            </button>
            <button type="button" className={adminSecondaryButtonClass} onClick={clearFilters}>
              {t("filters.clear")}
            </button>
          </div>
        </form>
      </section>

      <section aria-labelledby={`${id}-results`} aria-busy={loading} className={adminCardClass}>
        <h2
          ref={resultsHeadingRef}
          id={`${id}-results`}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {t("results.heading")}
        </h2>
        <p role="status" className="mt-1 text-slate-700">
          {loading
            ? t("results.loading")
            : list
              ? t("results.showing", { shown: list.users.length, total })
              : ""}
        </p>
        {error && (
          <div
            role="alert"
            className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-red-800"
          >
            <p className="break-words">{t("results.loadFailed", { message: error })}</p>
            <button type="button" className={adminSecondaryButtonClass} onClick={() => void load()}>
              {tCommon("retry")}
            </button>
          </div>
        )}
        {list &&
          (list.users.length > 0 ? (
            <UserListTable
              users={list.users}
              busyUserId={busyUserId}
              onDelete={(user, opener) => setDeleteTarget({ user, opener })}
              onToggleSuspension={(user) => void toggleSuspension(user)}
            />
          ) : (
            !loading && <p className="mt-3 text-slate-700">{t("results.empty")}</p>
          ))}
        {list && (
          <nav
            aria-label={t("pagination.label")}
            className="mt-4 flex flex-wrap items-center justify-between gap-3"
          >
            <p className="text-slate-800">{t("pagination.summary", { page, pageCount, total })}</p>
            <div className="flex gap-2">
              <button
                ref={previousRef}
                type="button"
                className={adminSecondaryButtonClass}
                disabled={page <= 1}
                onClick={() => goToPage(page - 1, "previous")}
              >
                {t("pagination.previous")}
              </button>
              <button
                ref={nextRef}
                type="button"
                className={adminSecondaryButtonClass}
                disabled={page >= pageCount}
                onClick={() => goToPage(page + 1, "next")}
              >
                {t("pagination.next")}
              </button>
            </div>
          </nav>
        )}
      </section>

      {deleteTarget && (
        <UserListDeleteDialog user={deleteTarget.user} onCancel={cancelDelete} onConfirm={deleteUser} />
      )}
    </div>
  );
}
