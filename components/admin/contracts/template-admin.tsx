"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import type { TemplateSummary } from "@/lib/schemas/contracts";
import { adminCardClass, adminTableRegionClass } from "../dashboard-ui";
import {
  InlineStatus,
  StateBadge,
  useStatusNote,
  useTemplateList,
  useTemplateStateChange,
} from "./contract-ui";
import { TemplateCreateForm } from "./template-create-form";

const NO_FILTERS = { lang: "", audience: "" } as const;
const COLUMNS = ["name", "lang", "type", "audience", "version", "state"] as const;

/** The template page: the create form (spec §5) and a compact list with activate/deactivate. */
export function TemplateAdmin({ initial }: { initial?: TemplateSummary[] }) {
  const t = useTranslations("AdminContracts");
  const id = useId();
  const [filters] = useState(NO_FILTERS);
  const list = useTemplateList(filters, initial);
  const form = useStatusNote();
  const listNote = useStatusNote();
  const stateChange = useTemplateStateChange(listNote.show);

  const formHeadingId = `${id}-form`;
  const listHeadingId = `${id}-list`;
  return (
    <div className="space-y-6">
      <section aria-labelledby={formHeadingId} className={`${adminCardClass} space-y-4`}>
        <h2 id={formHeadingId} className="text-lg font-semibold text-slate-900">
          {t("create.heading")}
        </h2>
        <InlineStatus note={form.note} />
        <TemplateCreateForm show={form.show} onCreated={() => void list.reload()} />
      </section>

      <section aria-labelledby={listHeadingId} aria-busy={list.loading} className={adminCardClass}>
        <h2 id={listHeadingId} className="text-lg font-semibold text-slate-900">
          {t("templatesPage.listHeading")}
        </h2>
        <InlineStatus note={listNote.note} className="mt-3" />
        <p role="status" className={list.loading ? "mt-3 text-slate-700" : "sr-only"}>
          {list.loading ? t("overview.loading") : ""}
        </p>
        {list.failed && !list.loading && (
          <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-red-800">
            <p role="alert">{t("overview.loadFailed")}</p>
            <Button variant="secondary" size="sm" onClick={() => void list.reload()}>
              {t("overview.retry")}
            </Button>
          </div>
        )}
        {list.templates &&
          !list.failed &&
          (list.templates.length === 0 ? (
            !list.loading && <p className="mt-3 text-slate-700">{t("overview.empty")}</p>
          ) : (
            <section
              aria-label={t("overview.region")}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
              tabIndex={0}
              className={adminTableRegionClass}
            >
              <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
                <caption className="sr-only">{t("templatesPage.listHeading")}</caption>
                <thead className="bg-slate-50 text-slate-800">
                  <tr>
                    {COLUMNS.map((column) => (
                      <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                        {t(`overview.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {list.templates.map((template) => {
                    const rowHeaderId = `${id}-${template.id}`;
                    const busy = stateChange.busyId === template.id;
                    return (
                      <tr key={template.id} className="border-t border-slate-200 align-middle text-slate-800">
                        <th
                          id={rowHeaderId}
                          scope="row"
                          className="px-3 py-2 font-medium break-words text-slate-900"
                        >
                          {template.name}
                        </th>
                        <td className="px-3 py-2 whitespace-nowrap">{t(`values.lang.${template.lang}`)}</td>
                        <td className="px-3 py-2 break-words">{template.type}</td>
                        <td className="px-3 py-2 whitespace-nowrap">
                          {t(`values.audience.${template.audience}`)}
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                          {t("overview.versionOption", { version: template.version })}
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
                              onClick={async () => {
                                if (busy) return;
                                if (await stateChange.change(template)) await list.reload();
                              }}
                            >
                              {template.state === "active"
                                ? t("overview.deactivate")
                                : t("overview.activate")}
                            </button>
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </section>
          ))}
      </section>
    </div>
  );
}
