"use client";

import { useTranslations } from "next-intl";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { Button } from "@/components/ui/button";
import { filenameFromDisposition, saveBlob } from "@/components/ui/save-download";
import { inputClass } from "@/components/ui/styles";
import { contractApi } from "@/lib/api/contracts";
import { apiPath } from "@/lib/api/endpoint";
import { type ApiProblem, isApiProblem } from "@/lib/api/problem";
import { CONTRACT_PDF_MAX_BYTES } from "@/lib/constants";
import { notify } from "@/lib/notify";
import type { MemberTemplate } from "@/lib/schemas/contracts";

type AccountType = "personal" | "company";

/** A signed contract is a PDF: the browser's type says so (or, when it says nothing, the name does). */
function pdfProblem(file: File): "invalidType" | "tooLarge" | null {
  const pdf = file.type === "application/pdf" || (file.type === "" && /\.pdf$/i.test(file.name));
  if (!pdf) return "invalidType";
  if (file.size > CONTRACT_PDF_MAX_BYTES) return "tooLarge";
  return null;
}

const uploadInputId = (templateId: string) => `contract-upload-${templateId}`;

/**
 * The member's templates: name, description, version and whether it is signed, each
 * with a download of the filled-in, unsigned PDF. In upload mode each also takes its signed PDF.
 */
export function TemplateList({
  templates,
  accountType,
  uploadMode,
  disabled,
  onUploaded,
}: {
  templates: MemberTemplate[];
  accountType: AccountType;
  uploadMode: boolean;
  disabled: boolean;
  onUploaded: () => void;
}) {
  const t = useTranslations("SignContract");
  const apiErrorMessage = useApiErrorMessage();
  const [downloading, setDownloading] = useState<string | null>(null);
  const [uploading, setUploading] = useState<{ id: string; percent: number } | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const upload = useRef<AbortController | null>(null);

  useEffect(() => () => upload.current?.abort(), []);

  const download = async (template: MemberTemplate) => {
    setDownloading(template.id);
    try {
      const response = await api.fetch(apiPath(contractApi.unsignedPdf, { id: template.id }), {
        headers: { accept: "application/pdf" },
      });
      if (response.status === 401) return;
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const filename =
        filenameFromDisposition(response.headers.get("content-disposition")) ?? `${template.name}.pdf`;
      saveBlob(await response.blob(), filename);
      notify.success(t("templates.downloaded"));
    } catch {
      notify.error(t("templates.downloadFailed"));
    } finally {
      setDownloading(null);
    }
  };

  const uploadProblem = (problem: ApiProblem) => {
    // A full storage quota is a 413 too, but says something else than a too-large file.
    if (problem.status === 413 && problem.code !== "STORAGE_QUOTA_EXCEEDED") return t("upload.tooLarge");
    if (problem.status === 415) return t("upload.invalidType");
    // A 422 names what is wrong with this upload: its reason's text, else the API's words.
    if (problem.status === 422 && problem.code === "VALIDATION_FAILED" && problem.message)
      return apiErrorMessage(problem, problem.message);
    return apiErrorMessage(problem, t("upload.failed"));
  };

  const chooseFile = async (template: MemberTemplate, event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    setErrors((current) => ({ ...current, [template.id]: undefined }));
    if (!file) return;
    const problem = pdfProblem(file);
    if (problem) {
      // Refused at once: the input is emptied so it does not show the refused file.
      input.value = "";
      const message = t(`upload.${problem}`);
      setErrors((current) => ({ ...current, [template.id]: message }));
      notify.error(message);
      return;
    }
    notify.success(t("upload.selected", { name: file.name }));

    const form = new FormData();
    form.set("templateId", template.id);
    form.set("contract", file);
    const url = apiPath(contractApi.upload[accountType]);
    const controller = new AbortController();
    upload.current = controller;
    const onProgress = (percent: number) => setUploading({ id: template.id, percent });
    const toastId = notify.loading(t("upload.uploading"));
    onProgress(0);
    let failure: string | null = null;
    try {
      await api.upload(url, form, undefined, { onProgress, signal: controller.signal });
      notify.success(t("upload.uploaded"));
      onUploaded();
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      // The client has already refreshed, and on failure ended the session with its own toast.
      if (isApiProblem(error) && error.status === 401) return;
      failure = isApiProblem(error) && error.status > 0 ? uploadProblem(error) : t("upload.failed");
    } finally {
      notify.dismiss(toastId);
      setUploading(null);
      upload.current = null;
      input.value = "";
    }
    if (failure) {
      setErrors((current) => ({ ...current, [template.id]: failure }));
      notify.error(failure);
    }
  };

  return (
    <ul className="space-y-3">
      {templates.map((template) => {
        const inputId = uploadInputId(template.id);
        const error = errors[template.id];
        const busy = uploading?.id === template.id;
        return (
          <li
            key={template.id}
            data-template-id={template.id}
            data-done={template.done}
            className="rounded-xl border border-slate-300 p-4"
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold text-slate-900">{template.name}</h3>
                {template.description && (
                  <p className="mt-1 text-sm text-slate-700">{template.description}</p>
                )}
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <span>{t("templates.version", { version: template.version })}</span>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${template.done ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-950"}`}
                  >
                    <span aria-hidden="true">{template.done ? "✓ " : "• "}</span>
                    {template.done ? t("templates.done") : t("templates.open")}
                  </span>
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t("templates.downloadName", { name: template.name })}
                disabled={downloading !== null}
                loading={downloading === template.id}
                onClick={() => void download(template)}
              >
                {downloading === template.id ? t("templates.downloading") : t("templates.download")}
              </Button>
            </div>
            {uploadMode && (
              <div className="mt-3 space-y-1">
                <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
                  {t("upload.fileLabel", { name: template.name })}
                </label>
                <input
                  id={inputId}
                  type="file"
                  accept="application/pdf,.pdf"
                  disabled={disabled || uploading !== null}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={[`${inputId}-hint`, error && `${inputId}-error`]
                    .filter(Boolean)
                    .join(" ")}
                  onChange={(event) => void chooseFile(template, event)}
                  className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-medium file:text-brand-800`}
                />
                <p id={`${inputId}-hint`} className="text-sm text-slate-600">
                  {t("upload.fileHint")}
                </p>
                {busy && uploading && (
                  <p role="status" className="text-sm text-slate-700">
                    {t("upload.uploading")} {uploading.percent}%
                  </p>
                )}
                {error && (
                  <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
                    {error}
                  </p>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
