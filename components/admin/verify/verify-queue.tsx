"use client";

import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type FormEvent, useCallback, useEffect, useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { type SelectFilterSpec, SelectFilters } from "@/components/ui/select";
import type { PendingUsers } from "@/lib/schemas/admin-user";
import { ACCOUNT_TYPES } from "@/lib/vocabulary";
import { AdminPager, PageSizeField } from "../shared/admin-pager";
import { type VerifyQueueQuery, verifyQueueSearch } from "./verify-queue-query";
import { VerifyQueueTable } from "./verify-queue-table";

const USER_TYPES = ACCOUNT_TYPES;

/**
 * /admin/verify-users: users who finished onboarding and wait for approval, searched by
 * name or email and filtered by account type; a toggle adds the members still onboarding, marked
 * with their missing steps. The page loads them on the server from the URL (search, type, page,
 * size and the toggle live there); a change here navigates. `data` is null when the server could
 * not load the queue.
 */
export function VerifyQueue({ query, data }: { query: VerifyQueueQuery; data: PendingUsers | null }) {
  const t = useTranslations("AdminUser.queue");
  const tFilters = useTranslations("AdminArea.users.filters");
  const tValues = useTranslations("AdminArea.values");
  const id = useId();
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  // The toggle shows the click at once; the address (and so the list) follows the navigation.
  const [showAll, setShowAll] = useState(query.onboarding === "all");
  useEffect(() => setShowAll(query.onboarding === "all"), [query.onboarding]);

  const navigate = useCallback(
    (next: Partial<VerifyQueueQuery>) => {
      const href = `${pathname}${verifyQueueSearch({ ...query, ...next })}`;
      startTransition(() => router.push(href));
    },
    [pathname, query, router],
  );

  // The search box is read from the form, not from React state: text typed before the page's
  // script ran is in the box but was never seen by an onChange.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = new FormData(event.currentTarget).get("search");
    navigate({ search: typeof search === "string" ? search.trim() : "", page: 1 });
  };

  const pageCount = Math.max(1, data?.pageCount ?? 1);
  const total = data?.total ?? 0;
  const filters: SelectFilterSpec<VerifyQueueQuery>[] = [
    { key: "user_type", label: tFilters("type"), values: USER_TYPES, text: (v) => tValues(`userType.${v}`) },
  ];
  return (
    <Card
      as="section"
      aria-labelledby={`${id}-heading`}
      aria-busy={pending}
      padding="compact"
      className="min-w-0"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {t("tableHeading")}
      </h2>
      {/* Polite: the count changes after every search, filter, page or size change. */}
      <p aria-live="polite" className="text-sm text-slate-700">
        {data ? t("showing", { shown: data.users.length, total: data.total }) : "\u00a0"}
      </p>
      {/* Named fields: a search sent before the page's script runs is a plain GET to the same
          address, which the server reads like the app's own navigation. */}
      <form
        method="get"
        onSubmit={submit}
        aria-label={tFilters("heading")}
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <Field className="min-w-56 flex-1 space-y-1" label={tFilters("search")} hint={tFilters("searchHint")}>
          {(control) => (
            <Input
              // A new search in the address (back, forward, a link) starts a fresh box.
              key={query.search}
              {...control}
              type="search"
              name="search"
              defaultValue={query.search}
              maxLength={200}
              autoComplete="off"
            />
          )}
        </Field>
        <SelectFilters
          query={query}
          filters={filters}
          all={tFilters("all")}
          named
          onChange={(next) => navigate({ ...next, page: 1 })}
        />
        <PageSizeField name="pageSize" label={t("pageSize")} pageSize={query.pageSize} onChange={navigate} />
        <label className="mb-6 flex min-h-11 items-center gap-2 text-sm text-slate-900">
          <input
            type="checkbox"
            name="onboarding"
            value="all"
            className="size-4 accent-brand-700"
            checked={showAll}
            onChange={(event) => {
              setShowAll(event.target.checked);
              navigate({ onboarding: event.target.checked ? "all" : "complete", page: 1 });
            }}
          />
          {t("showIncomplete")}
        </label>
        <Button type="submit" variant="secondary" size="sm" className="mb-6">
          {tFilters("apply")}
        </Button>
      </form>

      {!data && (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
            {t("loadFailed", { reason: "" })}
          </p>
          <Button
            variant="secondary"
            size="sm"
            loading={pending}
            onClick={() => startTransition(() => router.refresh())}
          >
            {t("retry")}
          </Button>
        </div>
      )}
      {data?.users.length === 0 && (
        <div className="mt-4">
          <EmptyState title={query.onboarding === "all" ? t("emptyAll") : t("empty")} />
        </div>
      )}
      {data && data.users.length > 0 && <VerifyQueueTable users={data.users} />}

      <AdminPager
        label={t("pagination")}
        summary={t("pageOf", { page: query.page, pageCount, total })}
        page={query.page}
        pageCount={pageCount}
        previousLabel={t("previous")}
        nextLabel={t("next")}
        onPage={(page) => navigate({ page })}
      />
    </Card>
  );
}
