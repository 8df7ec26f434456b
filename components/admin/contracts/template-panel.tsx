"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { saveBlob } from "@/components/ui/save-download";
import { templateApi } from "@/lib/api/contracts";
import { apiPath } from "@/lib/api/endpoint";
import type { TemplateDetail } from "@/lib/schemas/contracts";
import { templateDetailSchema } from "../admin-schemas.lazy";
import { RetryAlert } from "../shared/admin-card";
import { useAdminDay } from "../shared/use-admin-date";
import { InlineStatus, useStatusNote } from "./status-note";
import { fileNameOf, hasVisibleText, previewDocument } from "./template-document";
import { TemplateEditForm } from "./template-edit-form";
import type { TemplateChoice } from "./template-groups";
import { StateBadge } from "./template-state";

/**
 * The selected document's panel: the facts of the chosen version, a collapsible preview in a
 * frame sandboxed without scripts, the PDF preview download, and the editor.
 */
export function TemplatePanel({
  choice,
  refreshKey,
  onSaved,
}: {
  choice: TemplateChoice | null;
  /** Changes when the list was reloaded (a state change), so the panel shows it too. */
  refreshKey: number;
  onSaved: (detail: TemplateDetail) => void;
}) {
  const t = useTranslations("AdminContracts.panel");
  const tValues = useTranslations("AdminContracts.values");
  const day = useAdminDay();
  const id = useId();
  const { note, show } = useStatusNote();
  const [detail, setDetail] = useState<TemplateDetail | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(true);
  const [editing, setEditing] = useState(false);
  const [pdfBusy, setPdfBusy] = useState(false);
  const generation = useRef(0);
  const editButtonRef = useRef<HTMLButtonElement>(null);

  const templateId = choice?.templateId;
  const version = choice?.version;
  const load = useCallback(async () => {
    const current = ++generation.current;
    if (!templateId || version === undefined) {
      setDetail(null);
      return;
    }
    setLoading(true);
    const answer = await api
      .get(apiPath(templateApi.detail, { id: templateId }, { version }), templateDetailSchema)
      .catch(() => null);
    if (current !== generation.current) return;
    if (answer) setDetail(answer);
    setFailed(!answer);
    setLoading(false);
  }, [templateId, version]);

  useEffect(() => {
    void refreshKey;
    void load();
  }, [load, refreshKey]);

  // Another document or version closes the editor: its fields belonged to the old one.
  useEffect(() => {
    void templateId;
    void version;
    setEditing(false);
  }, [templateId, version]);

  const downloadPdf = async () => {
    if (!detail || pdfBusy) return;
    setPdfBusy(true);
    try {
      const response = await api.fetch(
        apiPath(templateApi.preview, { id: detail.id }, { version: detail.shownVersion }),
      );
      if (!response.ok) {
        show("error", t("pdfFailed"));
        return;
      }
      saveBlob(await response.blob(), fileNameOf(detail.name, detail.shownVersion));
      show("success", t("pdfReady"));
    } catch {
      show("error", t("pdfFailed"));
    } finally {
      setPdfBusy(false);
    }
  };

  const headingId = `${id}-heading`;
  const previewId = `${id}-preview`;
  const facts: [string, React.ReactNode][] = detail
    ? [
        [t("name"), detail.name],
        [t("lang"), tValues(`lang.${detail.lang}`)],
        [t("type"), detail.type],
        [t("description"), detail.description || t("noDescription")],
        [t("version"), t("versionValue", { shown: detail.shownVersion, current: detail.version })],
        ...(detail.note ? ([[t("versionNote"), detail.note]] as [string, string][]) : []),
        [t("resign"), detail.resignRequired ? t("resignYes") : t("resignNo")],
        [t("created"), day(detail.createdAt)?.text],
        [t("updated"), day(detail.updatedAt)?.text],
        [
          t("id"),
          <span key="id" className="font-mono break-all">
            {detail.id}
          </span>,
        ],
        [t("audience"), tValues(`audience.${detail.audience}`)],
        [t("state"), <StateBadge key="state" state={detail.state} />],
      ]
    : [];

  return (
    <Card
      as="section"
      aria-labelledby={headingId}
      aria-busy={loading}
      padding="compact"
      className="min-w-0 space-y-4"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t("heading")}
      </h2>
      <InlineStatus note={note} />
      {!choice && <p className="text-slate-700">{t("none")}</p>}
      <p role="status" className={loading ? "text-slate-700" : "sr-only"}>
        {loading ? t("loading") : ""}
      </p>
      {choice && failed && (
        <RetryAlert message={t("loadFailed")} retrying={loading} onRetry={() => void load()} spaced={false} />
      )}
      {choice && detail && (
        <>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-slate-700">{label}</dt>
                <dd className="min-w-0 break-words text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>

          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass({ variant: "secondary", size: "sm" })}
              aria-expanded={previewOpen}
              aria-controls={previewId}
              onClick={() => setPreviewOpen(!previewOpen)}
            >
              {previewOpen ? t("hidePreview") : t("showPreview")}
            </button>
            <button
              type="button"
              className={buttonClass({ variant: "secondary", size: "sm" })}
              aria-busy={pdfBusy}
              aria-disabled={pdfBusy}
              onClick={() => void downloadPdf()}
            >
              {pdfBusy ? t("pdfBusy") : t("pdfPreview")}
            </button>
            <button
              ref={editButtonRef}
              type="button"
              className={buttonClass({ variant: "secondary", size: "sm" })}
              aria-expanded={editing}
              onClick={() => setEditing(!editing)}
            >
              {t("edit")}
            </button>
          </div>

          <div id={previewId} hidden={!previewOpen}>
            {!previewOpen ? null : hasVisibleText(detail.html) ? (
              <iframe
                // No scripts, no forms, no same origin: template HTML stays inert.
                sandbox=""
                title={t("previewTitle", { name: detail.name, version: detail.shownVersion })}
                srcDoc={previewDocument({ html: detail.html, lang: detail.lang, title: detail.name })}
                className="h-96 w-full rounded-lg border border-slate-300 bg-white"
              />
            ) : (
              <p className="text-slate-700">{t("noPreview")}</p>
            )}
          </div>

          {editing && (
            <div className="border-t border-slate-200 pt-4">
              <TemplateEditForm
                key={`${detail.id}@${detail.shownVersion}`}
                detail={detail}
                show={show}
                onCancel={() => {
                  setEditing(false);
                  editButtonRef.current?.focus();
                }}
                onSaved={(saved) => {
                  setEditing(false);
                  onSaved(saved);
                  editButtonRef.current?.focus();
                }}
              />
            </div>
          )}
        </>
      )}
    </Card>
  );
}
