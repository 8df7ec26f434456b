"use client";

import { useTranslations } from "next-intl";
import { type SelectFilterSpec, SelectFilters } from "@/components/ui/select";
import { locales } from "@/lib/i18n/config";
import { NEWS_STATES } from "@/lib/vocabulary";
import type { NewsUrlQuery } from "./news-query";

/** Language and state filters; a change asks the page to navigate, so the URL keeps them. */
export function NewsFilters({
  query,
  onChange,
}: {
  query: NewsUrlQuery;
  onChange: (next: Partial<NewsUrlQuery>) => void;
}) {
  const t = useTranslations("AdminNews");
  const filters: SelectFilterSpec<NewsUrlQuery>[] = [
    { key: "language", label: t("filters.language"), values: locales, text: (v) => t(`language.${v}`) },
    { key: "state", label: t("filters.state"), values: NEWS_STATES, text: (v) => t(`state.${v}`) },
  ];
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">{t("filters.heading")}</legend>
      <SelectFilters query={query} filters={filters} all={t("filters.all")} onChange={onChange} />
    </fieldset>
  );
}
