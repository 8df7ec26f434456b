"use client";

import { useTranslations } from "next-intl";
import { SelectFilter } from "@/components/ui/select";
import { locales } from "@/lib/i18n/config";
import { NEWS_STATES } from "@/lib/schemas/news";
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
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">{t("filters.heading")}</legend>
      <SelectFilter
        label={t("filters.language")}
        value={query.language}
        values={locales}
        text={(value) => t(`language.${value}`)}
        all={t("filters.all")}
        onChange={(language) => onChange({ language })}
      />
      <SelectFilter
        label={t("filters.state")}
        value={query.state}
        values={NEWS_STATES}
        text={(value) => t(`state.${value}`)}
        all={t("filters.all")}
        onChange={(state) => onChange({ state })}
      />
    </fieldset>
  );
}
