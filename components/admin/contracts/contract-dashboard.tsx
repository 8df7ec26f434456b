"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import type { TemplateDetail } from "@/lib/schemas/contracts";
import { AdminCard, LoadingNote } from "../shared/admin-card";
import type { ContractDashboardData } from "../shared/admin-dashboard-data";
import { CompanyStampSection } from "./company-stamp-section";
import { ResignPendingSection } from "./resign-pending-section";
import { InlineStatus, useStatusNote } from "./status-note";
import {
  choiceOf,
  choiceValue,
  groupKeyOf,
  groupTemplates,
  parseChoice,
  type TemplateChoice,
  type TemplateGroup,
} from "./template-groups";
import { TemplateFiltersBar, TemplateOverviewTable } from "./template-overview";
import { TemplatePanel } from "./template-panel";
import { useTemplateStateChange } from "./template-state";
import { type TemplateFilters, useTemplateList } from "./use-template-list";

/**
 * The contract dashboard: the stamp, the document overview and the selected document. The stamp
 * and the unfiltered list come with the server's first render; a filter change, a state change
 * or a saved version asks again through the API client.
 */
export function ContractDashboard({ data }: { data: ContractDashboardData }) {
  const t = useTranslations("AdminContracts.overview");
  const id = useId();
  const [filters, setFilters] = useState<TemplateFilters>({ lang: "", audience: "" });
  const list = useTemplateList(filters, data.templates);
  const { note, show } = useStatusNote();
  const stateChange = useTemplateStateChange(show);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [selected, setSelected] = useState<{ key: string; choice: TemplateChoice } | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [savedCount, setSavedCount] = useState(0);

  const groups = useMemo(() => groupTemplates(list.templates ?? []), [list.templates]);

  const select = (group: TemplateGroup, choice = choiceOf(group, choices[group.key])) =>
    setSelected({ key: group.key, choice });

  const choose = (group: TemplateGroup, value: string) => {
    setChoices((current) => ({ ...current, [group.key]: value }));
    const choice = parseChoice(value);
    if (choice) select(group, choice);
  };

  const saved = (detail: TemplateDetail) => {
    // The new version is current now: the dropdown shows it and the panel follows it.
    const key = groupKeyOf(detail);
    const choice = { templateId: detail.id, version: detail.version };
    setChoices((current) => ({ ...current, [key]: choiceValue(choice) }));
    setSelected({ key, choice });
    setSavedCount((count) => count + 1);
    void list.reload();
  };

  const headingId = `${id}-overview`;
  return (
    <div className="space-y-6">
      <CompanyStampSection initial={data.stamp} />

      <AdminCard
        headingId={headingId}
        heading={t("heading")}
        intro={
          <>
            <TemplateFiltersBar filters={filters} onChange={setFilters} />
            <InlineStatus note={note} className="mt-3" />
            <LoadingNote loading={list.loading} text={t("loading")} />
          </>
        }
        loading={list.loading}
        failure={list.failed ? { message: t("loadFailed"), onRetry: () => void list.reload() } : null}
      >
        {list.templates &&
          !list.failed &&
          (groups.length === 0 ? (
            <div className="mt-3">
              <EmptyState title={t("empty")} />
            </div>
          ) : (
            <>
              <p className="mt-3 text-sm text-slate-700">{t("selectHint")}</p>
              <TemplateOverviewTable
                groups={groups}
                choices={choices}
                selectedKey={selected?.key ?? null}
                busyTemplateId={stateChange.busyId}
                onChoose={choose}
                onSelect={(group) => select(group)}
                onToggleState={async (template) => {
                  if (await stateChange.change(template)) {
                    await list.reload();
                    setRefreshKey((key) => key + 1);
                  }
                }}
              />
            </>
          ))}
      </AdminCard>

      <TemplatePanel choice={selected?.choice ?? null} refreshKey={refreshKey} onSaved={saved} />

      <ResignPendingSection
        initial={data.resignPending.ok ? data.resignPending.data : undefined}
        refreshKey={refreshKey + savedCount}
      />
    </div>
  );
}
