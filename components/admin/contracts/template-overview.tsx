"use client";

import { useTranslations } from "next-intl";
import { type MouseEvent, useId } from "react";
import { buttonClass } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select, SelectOptions } from "@/components/ui/select";
import { Table, TableBody, TableColumns } from "@/components/ui/table";
import { TEMPLATE_AUDIENCES, TEMPLATE_LANGUAGES } from "@/lib/contract-templates";
import type { TemplateSummary } from "@/lib/schemas/contracts";
import { choiceOf, choiceValue, type TemplateGroup } from "./template-groups";
import { StateBadge } from "./template-state";
import type { TemplateFilters } from "./use-template-list";

/** One filter of the template list: 'All' (the empty value) or one of `values`. */
function FilterSelect<V extends string>({
  label,
  all,
  value,
  values,
  text,
  onChange,
}: {
  label: string;
  all: string;
  value: V | "";
  values: readonly V[];
  text: (value: V) => string;
  onChange: (value: V | "") => void;
}) {
  return (
    <Field className="w-full space-y-1 sm:w-48" label={label}>
      {(control) => (
        <Select
          {...control}
          className="py-1.5 text-sm"
          value={value}
          onChange={(event) => onChange(event.target.value as V | "")}
        >
          <SelectOptions empty={all} values={values} text={text} />
        </Select>
      )}
    </Field>
  );
}

export function TemplateFiltersBar({
  filters,
  onChange,
}: {
  filters: TemplateFilters;
  onChange: (filters: TemplateFilters) => void;
}) {
  const t = useTranslations("AdminContracts.overview");
  const tValues = useTranslations("AdminContracts.values");
  return (
    <fieldset className="mt-3 flex flex-wrap gap-4">
      <legend className="sr-only">{t("filters")}</legend>
      <FilterSelect
        label={t("langFilter")}
        all={t("all")}
        value={filters.lang}
        values={TEMPLATE_LANGUAGES}
        text={(lang) => tValues(`lang.${lang}`)}
        onChange={(lang) => onChange({ ...filters, lang })}
      />
      <FilterSelect
        label={t("audienceFilter")}
        all={t("all")}
        value={filters.audience}
        values={TEMPLATE_AUDIENCES}
        text={(audience) => tValues(`audience.${audience}`)}
        onChange={(audience) => onChange({ ...filters, audience })}
      />
    </fieldset>
  );
}

const COLUMNS = ["name", "lang", "type", "audience", "version", "state"] as const;

/**
 * The document overview table. A row is selected by its name button (keyboard) or a click
 * anywhere outside its controls; it scrolls in its own region at narrow widths.
 */
export function TemplateOverviewTable({
  groups,
  choices,
  selectedKey,
  busyTemplateId,
  onChoose,
  onSelect,
  onToggleState,
}: {
  groups: TemplateGroup[];
  choices: Record<string, string>;
  selectedKey: string | null;
  busyTemplateId: string | null;
  onChoose: (group: TemplateGroup, value: string) => void;
  onSelect: (group: TemplateGroup) => void;
  onToggleState: (template: TemplateSummary) => void;
}) {
  const t = useTranslations("AdminContracts.overview");
  const tValues = useTranslations("AdminContracts.values");
  const id = useId();
  return (
    <Table caption={t("caption")} captionHidden regionLabel={t("region")} minWidth="min-w-[52rem]">
      <TableColumns keys={COLUMNS} label={(column) => t(`columns.${column}`)} />
      <TableBody>
        {groups.map((group, index) => {
          const choice = choiceOf(group, choices[group.key]);
          const template =
            group.templates.find((item) => item.id === choice.templateId) ??
            (group.templates[0] as TemplateSummary);
          const selected = group.key === selectedKey;
          const rowHeaderId = `${id}-row-${index}`;
          const busy = busyTemplateId === template.id;
          const severalTemplates = group.templates.length > 1;
          const selectRow = (event: MouseEvent<HTMLTableRowElement>) => {
            if ((event.target as HTMLElement).closest("button, select, a, option")) return;
            onSelect(group);
          };
          return (
            <tr
              key={group.key}
              data-selected={selected}
              onClick={selectRow}
              className={`cursor-pointer align-middle text-slate-800 ${
                selected ? "bg-brand-50" : "hover:bg-slate-50"
              }`}
            >
              <th id={rowHeaderId} scope="row" className="px-3 py-2 font-medium text-slate-900">
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => onSelect(group)}
                  className={`rounded-md px-1 py-1 text-left break-words underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                    selected ? "font-semibold text-brand-800" : "text-slate-900"
                  }`}
                >
                  {group.name}
                </button>
              </th>
              <td className="px-3 py-2 whitespace-nowrap">{tValues(`lang.${group.lang}`)}</td>
              <td className="px-3 py-2 break-words">{group.type}</td>
              <td className="px-3 py-2 whitespace-nowrap">{tValues(`audience.${group.audience}`)}</td>
              <td className="px-3 py-2">
                <Select
                  aria-label={t("versionLabel", { name: group.name })}
                  className="py-1.5 text-sm min-w-[9rem]"
                  value={choiceValue(choice)}
                  onChange={(event) => onChoose(group, event.target.value)}
                >
                  {group.templates.flatMap((item) =>
                    item.versions.map((version) => {
                      const base = severalTemplates
                        ? t("versionOptionOfTemplate", {
                            version: version.version,
                            id: item.id.slice(0, 8),
                          })
                        : t("versionOption", { version: version.version });
                      const label = version.note
                        ? t("versionOptionWithNote", { label: base, note: version.note })
                        : base;
                      return (
                        <option
                          key={`${item.id}@${version.version}`}
                          value={choiceValue({ templateId: item.id, version: version.version })}
                        >
                          {label}
                        </option>
                      );
                    }),
                  )}
                </Select>
              </td>
              <td className="px-3 py-2">
                <div className="flex min-w-[13rem] flex-wrap items-center gap-2">
                  <StateBadge state={template.state} />
                  <button
                    type="button"
                    className={buttonClass({ variant: "secondary", size: "sm" })}
                    aria-describedby={rowHeaderId}
                    aria-disabled={busy}
                    aria-busy={busy}
                    onClick={() => !busy && onToggleState(template)}
                  >
                    {template.state === "active" ? t("deactivate") : t("activate")}
                  </button>
                </div>
              </td>
            </tr>
          );
        })}
      </TableBody>
    </Table>
  );
}
