"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { useSkipFirstLoad } from "@/components/api/use-skip-first-load";
import type { ApiLoad } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import {
  type TEMPLATE_AUDIENCES,
  type TEMPLATE_LANGUAGES,
  type TEMPLATE_STATES,
  type TemplateSummary,
  templateListResponseSchema,
} from "@/lib/schemas/contracts";
import { DASHBOARD_PATHS } from "../shared/dashboard-paths";

export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];
export type TemplateAudience = (typeof TEMPLATE_AUDIENCES)[number];
export type TemplateState = (typeof TEMPLATE_STATES)[number];

/** Shared pieces of the contract admin screens (dashboard and template page). */

export type StatusTone = "success" | "error";
export type StatusNote = { tone: StatusTone; text: string };

/**
 * An inline status line: successes in green (role=status), errors in red (role=alert).
 * Both regions stay mounted so a screen reader announces a change of text.
 */
export function InlineStatus({ note, className = "" }: { note: StatusNote | null; className?: string }) {
  const base = `rounded-lg p-3 text-sm font-medium break-words ${className}`;
  return (
    <>
      <div
        role="status"
        className={note?.tone === "success" ? `${base} bg-green-50 text-green-800` : "sr-only"}
      >
        {note?.tone === "success" ? note.text : ""}
      </div>
      <div role="alert" className={note?.tone === "error" ? `${base} bg-red-50 text-red-800` : "sr-only"}>
        {note?.tone === "error" ? note.text : ""}
      </div>
    </>
  );
}

/** Sets the inline note and repeats it as a toast (errors red, successes green). */
export function useStatusNote() {
  const [note, setNote] = useState<StatusNote | null>(null);
  const show = useCallback((tone: StatusTone, text: string) => {
    setNote({ tone, text });
    if (tone === "success") notify.success(text);
    else notify.error(text);
  }, []);
  return { note, show, clear: useCallback(() => setNote(null), []) };
}

export type TemplateFilters = { lang: TemplateLanguage | ""; audience: TemplateAudience | "" };

/**
 * The admin template list with its filters; stale answers are dropped. `initial` is the
 * unfiltered list the server loaded for the first render (or why it failed): a filter change or
 * a reload asks again through the API client.
 */
export function useTemplateList(filters: TemplateFilters, initial: ApiLoad<TemplateSummary[]>) {
  const [templates, setTemplates] = useState<TemplateSummary[] | null>(initial.ok ? initial.data : null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(!initial.ok);
  const skipFirstLoad = useSkipFirstLoad(true);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const current = ++generation.current;
    setLoading(true);
    const query = new URLSearchParams();
    if (filters.lang) query.set("lang", filters.lang);
    if (filters.audience) query.set("audience", filters.audience);
    const suffix = query.size > 0 ? `?${query}` : "";
    const answer = await api
      .get(`${DASHBOARD_PATHS.templates}${suffix}`, templateListResponseSchema)
      .catch(() => null);
    if (current !== generation.current) return;
    if (answer) setTemplates(answer.templates);
    setFailed(!answer);
    setLoading(false);
  }, [filters.lang, filters.audience]);

  useEffect(() => {
    if (skipFirstLoad()) return;
    void reload();
  }, [reload, skipFirstLoad]);

  return { templates, loading, failed, reload };
}

/**
 * Activates or deactivates a template. Reports the success or the failure and answers whether
 * it worked, so the caller refreshes its list.
 */
export function useTemplateStateChange(show: (tone: StatusTone, text: string) => void) {
  const t = useTranslations("AdminContracts.overview");
  const [busyId, setBusyId] = useState<string | null>(null);
  const change = useCallback(
    async (template: TemplateSummary) => {
      const state: TemplateState = template.state === "active" ? "inactive" : "active";
      setBusyId(template.id);
      try {
        await api.patch(`/api/document-templates/${encodeURIComponent(template.id)}/state`, { state });
        show("success", t("stateChanged"));
        return true;
      } catch {
        show("error", t("stateFailed"));
        return false;
      } finally {
        setBusyId(null);
      }
    },
    [show, t],
  );
  return { change, busyId };
}

// Text carries the meaning; colour only repeats it (WCAG 1.4.1), each pairing at least 4.5:1.
export function StateBadge({ state }: { state: TemplateState }) {
  const t = useTranslations("AdminContracts.values.state");
  return (
    <span
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
        state === "active"
          ? "bg-green-100 text-green-800 ring-green-700/30"
          : "bg-slate-200 text-slate-800 ring-slate-500/30"
      }`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {t(state)}
    </span>
  );
}

/** A file name from a template name: letters, digits, dashes. */
export function fileNameOf(name: string, version: number) {
  const base = name
    .normalize("NFKD")
    .replace(/[^\w-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${base || "template"}-v${version}.pdf`;
}

/** Whether HTML shows any text (parsed inertly: DOMParser runs no scripts and loads nothing). */
export function hasVisibleText(html: string): boolean {
  if (!html.trim()) return false;
  const text = new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";
  return text.trim().length > 0;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The document the preview frame shows: the API's sanitized HTML in a page of its own with a
 * language and a title. The frame is sandboxed without scripts, so template HTML stays inert.
 */
export function previewDocument(input: { html: string; lang: string; title: string }): string {
  return `<!doctype html><html lang="${escapeHtml(input.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(
    input.title,
  )}</title><style>body{font-family:system-ui,sans-serif;color:#0f172a;background:#fff;margin:16px;line-height:1.5}img{max-width:100%}table{border-collapse:collapse}</style></head><body>${input.html}</body></html>`;
}
