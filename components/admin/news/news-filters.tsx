"use client";

import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/form-field";
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
      <Field label={t("filters.language")}>
        {(control) => (
          <select
            {...control}
            className={inputClass}
            value={query.language ?? ""}
            onChange={(event) =>
              onChange({ language: (event.target.value || undefined) as NewsUrlQuery["language"] })
            }
          >
            <option value="">{t("filters.all")}</option>
            {locales.map((value) => (
              <option key={value} value={value}>
                {t(`language.${value}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("filters.state")}>
        {(control) => (
          <select
            {...control}
            className={inputClass}
            value={query.state ?? ""}
            onChange={(event) =>
              onChange({ state: (event.target.value || undefined) as NewsUrlQuery["state"] })
            }
          >
            <option value="">{t("filters.all")}</option>
            {NEWS_STATES.map((value) => (
              <option key={value} value={value}>
                {t(`state.${value}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </fieldset>
  );
}
