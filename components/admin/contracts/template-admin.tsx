"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableColumns, Td } from "@/components/ui/table";
import type { ApiLoad } from "@/lib/api/problem";
import type { TemplateSummary } from "@/lib/schemas/contracts";
import { AdminCard, LoadingNote } from "../shared/admin-card";
import { InlineStatus, useStatusNote } from "./status-note";
import { TemplateCreateForm } from "./template-create-form";
import { StateBadge, useTemplateStateChange } from "./template-state";
import { useTemplateList } from "./use-template-list";

const NO_FILTERS = { lang: "", audience: "" } as const;
const COLUMNS = ["name", "lang", "type", "audience", "version", "state"] as const;

/**
 * The template page: the create form and a compact list with activate/deactivate. The list comes
 * with the server's first render; after a change it is asked for again through the API client.
 */
export function TemplateAdmin({ initial }: { initial: ApiLoad<TemplateSummary[]> }) {
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
      <Card as="section" aria-labelledby={formHeadingId} padding="compact" className="min-w-0 space-y-4">
        <h2 id={formHeadingId} className="text-lg font-semibold text-slate-900">
          {t("create.heading")}
        </h2>
        <InlineStatus note={form.note} />
        <TemplateCreateForm show={form.show} onCreated={() => void list.reload()} />
      </Card>

      <AdminCard
        headingId={listHeadingId}
        heading={t("templatesPage.listHeading")}
        intro={
          <>
            <InlineStatus note={listNote.note} className="mt-3" />
            <LoadingNote loading={list.loading} text={t("overview.loading")} />
          </>
        }
        loading={list.loading}
        failure={
          list.failed ? { message: t("overview.loadFailed"), onRetry: () => void list.reload() } : null
        }
      >
        {list.templates &&
          !list.failed &&
          (list.templates.length === 0 ? (
            <div className="mt-3">
              <EmptyState title={t("overview.empty")} />
            </div>
          ) : (
            <Table
              caption={t("templatesPage.listHeading")}
              captionHidden
              regionLabel={t("overview.region")}
              minWidth="min-w-[44rem]"
            >
              <TableColumns keys={COLUMNS} label={(column) => t(`overview.columns.${column}`)} />
              <TableBody>
                {list.templates.map((template) => {
                  const rowHeaderId = `${id}-${template.id}`;
                  const busy = stateChange.busyId === template.id;
                  return (
                    <tr key={template.id}>
                      <th
                        id={rowHeaderId}
                        scope="row"
                        className="px-3 py-2 text-left font-medium break-words text-slate-900"
                      >
                        {template.name}
                      </th>
                      <Td className="whitespace-nowrap">{t(`values.lang.${template.lang}`)}</Td>
                      <Td className="break-words">{template.type}</Td>
                      <Td className="whitespace-nowrap">{t(`values.audience.${template.audience}`)}</Td>
                      <Td className="whitespace-nowrap tabular-nums">
                        {t("overview.versionOption", { version: template.version })}
                      </Td>
                      <Td>
                        <div className="flex min-w-[13rem] flex-wrap items-center gap-2">
                          <StateBadge state={template.state} />
                          <Button
                            variant="secondary"
                            size="sm"
                            aria-describedby={rowHeaderId}
                            loading={busy}
                            onClick={async () => {
                              if (await stateChange.change(template)) await list.reload();
                            }}
                          >
                            {template.state === "active" ? t("overview.deactivate") : t("overview.activate")}
                          </Button>
                        </div>
                      </Td>
                    </tr>
                  );
                })}
              </TableBody>
            </Table>
          ))}
      </AdminCard>
    </div>
  );
}
