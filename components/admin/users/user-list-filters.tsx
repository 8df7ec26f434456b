"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { type SelectFilterSpec, SelectFilters } from "@/components/ui/select";
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, ROLES } from "@/lib/vocabulary";
import { PageSizeField } from "../shared/admin-pager";
import type { UserListUrlQuery } from "./user-list-query";

const USER_TYPES = ACCOUNT_TYPES;
const STATUSES = ACCOUNT_STATUSES;
const SEARCH_DELAY_MS = 300;

/**
 * The user list's filter form. It shows what the URL says; a change asks the page to navigate
 * (back to page 1). The search box follows typing at once and the URL after a short pause.
 */
export function UserListFilters({
  query,
  onChange,
}: {
  query: UserListUrlQuery;
  onChange: (next: Partial<UserListUrlQuery>, options?: { replace?: boolean }) => void;
}) {
  const t = useTranslations("AdminArea.users");
  const tValues = useTranslations("AdminArea.values");
  const id = useId();
  const [searchInput, setSearchInput] = useState(query.search);
  const searchBox = useRef<HTMLInputElement>(null);

  // Back and forward change the URL under the form: show the search it now names.
  useEffect(() => setSearchInput(query.search), [query.search]);

  // Text typed before the page's script ran is in the box but never reached onChange: take it
  // over once (after the line above, which runs on mount too), so the search follows it like
  // any other typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first render can meet text React did not see
  useEffect(() => {
    const typed = searchBox.current?.value;
    if (typed !== undefined && typed !== query.search) setSearchInput(typed);
  }, []);

  useEffect(() => {
    if (searchInput.trim() === query.search) return;
    const timer = window.setTimeout(
      () => onChange({ search: searchInput.trim(), page: 1 }, { replace: true }),
      SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [searchInput, query.search, onChange]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ search: (searchBox.current?.value ?? searchInput).trim(), page: 1 });
  };

  const filters: SelectFilterSpec<UserListUrlQuery>[] = [
    { key: "user_type", label: t("filters.type"), values: USER_TYPES, text: (v) => tValues(`userType.${v}`) },
    { key: "status", label: t("filters.status"), values: STATUSES, text: (v) => tValues(`status.${v}`) },
    { key: "role", label: t("filters.role"), values: ROLES, text: (v) => tValues(`role.${v}`) },
  ];
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-filters`} className="space-y-4">
      <h2 id={`${id}-filters`} className="text-lg font-semibold text-slate-900">
        {t("filters.heading")}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Field
          className="space-y-1 sm:col-span-2 lg:col-span-1"
          label={t("filters.search")}
          hint={t("filters.searchHint")}
        >
          {(control) => (
            <Input
              {...control}
              ref={searchBox}
              type="search"
              name="search"
              value={searchInput}
              maxLength={200}
              autoComplete="off"
              onChange={(event) => setSearchInput(event.target.value)}
            />
          )}
        </Field>
        <SelectFilters
          query={query}
          filters={filters}
          all={t("filters.all")}
          onChange={(next) => onChange({ ...next, page: 1 })}
        />
        <PageSizeField label={t("filters.pageSize")} pageSize={query.pageSize} onChange={onChange} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" size="sm">
          {t("filters.apply")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setSearchInput("");
            onChange({
              search: "",
              user_type: undefined,
              status: undefined,
              role: undefined,
              page: 1,
              pageSize: 10,
            });
          }}
        >
          {t("filters.clear")}
        </Button>
      </div>
    </form>
  );
}
