"use client";

import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { buttonClass } from "@/components/ui/button";
import { FormField, inputClass, linkClass } from "@/components/ui/form-field";
import { readApiError } from "@/lib/api-error";
import {
  type CompanyStamp,
  companyStampSchema,
  STAMP_MAX_BYTES,
  stampResponseSchema,
} from "@/lib/schemas/contracts";
import type { StatusTone } from "./contract-ui";

const STAMP_TYPES = ["image/png", "image/jpeg", "image/webp"];
const STAMP_EXTENSIONS = /\.(png|jpe?g|webp)$/i;

/** Spec §5 stamp rules, checked here before the API checks them again by magic bytes. */
function stampFileProblem(file: File): "invalidType" | "tooLarge" | null {
  const typeOk = file.type ? STAMP_TYPES.includes(file.type) : STAMP_EXTENSIONS.test(file.name);
  if (!typeOk) return "invalidType";
  if (file.size > STAMP_MAX_BYTES) return "tooLarge";
  return null;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A preview URL for the chosen file, revoked when the file changes or the form goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * Spec §2 stamp upload (shown while no stamp exists): file, optional label, 'Direkt
 * aktivieren', a preview with name and size, and the upload as JSON {base64, mimeType, label,
 * activate}. A 409 hands the existing stamp to the section, which then shows it.
 */
export function StampUploadForm({
  onUploaded,
  onExisting,
  show,
}: {
  onUploaded: (stamp: CompanyStamp) => void;
  onExisting: (stamp: CompanyStamp | null) => void;
  show: (tone: StatusTone, text: string) => void;
}) {
  const t = useTranslations("AdminContracts.stamp");
  const locale = useLocale();
  const { apiFetch } = useAuth();
  const apiErrorMessage = useApiErrorMessage();
  const id = useId();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [label, setLabel] = useState("");
  const [activate, setActivate] = useState(false);
  const [busy, setBusy] = useState(false);
  const previewUrl = useObjectUrl(file);

  const clearFile = () => {
    setFile(null);
    if (fileInputRef.current) fileInputRef.current.value = "";
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) {
      setFile(null);
      return;
    }
    const problem = stampFileProblem(chosen);
    if (problem) {
      clearFile();
      setFileError(t(problem));
      return;
    }
    setFileError(undefined);
    setFile(chosen);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!file) {
      setFileError(t("noFile"));
      fileInputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const base64 = await readAsDataUrl(file);
      const response = await apiFetch("/api/company-stamps", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          base64,
          mimeType: file.type || undefined,
          label: label.trim() || undefined,
          activate,
        }),
      });
      if (response.status === 409) {
        // Spec §8: the existing stamp comes back with the refusal and is shown instead.
        const body = (await response.json().catch(() => null)) as {
          error?: { details?: { stamp?: unknown } };
        } | null;
        const existing = companyStampSchema.safeParse(body?.error?.details?.stamp);
        show("error", t("existsLoaded"));
        onExisting(existing.success ? existing.data : null);
        return;
      }
      if (!response.ok) {
        const error = await readApiError(response);
        const message = apiErrorMessage(error, error.code.startsWith("HTTP_") ? "" : error.message);
        show("error", t("uploadFailed", { status: response.status, message }).trim());
        return;
      }
      const parsed = stampResponseSchema.safeParse(await response.json());
      clearFile();
      setLabel("");
      setActivate(false);
      if (parsed.success) onUploaded(parsed.data.stamp);
      else onExisting(null);
    } catch {
      show("error", t("uploadNetworkError"));
    } finally {
      setBusy(false);
    }
  };

  const fileId = `${id}-file`;
  const labelId = `${id}-label`;
  const activateId = `${id}-activate`;
  const sizeKb = file
    ? new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(file.size / 1024)
    : "";
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <FormField id={fileId} label={t("file")} hint={t("fileHint")} error={fileError}>
          <input
            ref={fileInputRef}
            id={fileId}
            type="file"
            accept="image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp"
            className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-slate-200 file:px-3 file:py-1 file:text-slate-900`}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={[`${fileId}-hint`, fileError ? `${fileId}-error` : null]
              .filter(Boolean)
              .join(" ")}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </FormField>
        <FormField id={labelId} label={t("label")}>
          <input
            id={labelId}
            type="text"
            className={inputClass}
            value={label}
            maxLength={200}
            autoComplete="off"
            onChange={(event) => setLabel(event.target.value)}
          />
        </FormField>
      </div>
      <div className="flex items-center gap-2">
        <input
          id={activateId}
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={activate}
          onChange={(event) => setActivate(event.target.checked)}
        />
        <label htmlFor={activateId} className="text-slate-800">
          {t("activateNow")}
        </label>
      </div>
      {file && previewUrl && (
        <figure className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-300 p-3">
          {/* biome-ignore lint/performance/noImgElement: an object URL of a local file; next/image cannot optimise it. */}
          <img
            src={previewUrl}
            alt={t("previewAlt")}
            className="h-24 w-auto max-w-full rounded border border-slate-200 bg-white object-contain"
          />
          <figcaption className="min-w-0 space-y-2 text-sm text-slate-800">
            <p className="font-medium text-slate-900">{t("previewHeading")}</p>
            <p className="break-all">{t("fileInfo", { name: file.name, size: sizeKb })}</p>
            <div className="flex flex-wrap items-center gap-3">
              <a href={previewUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {t("openLarge")} <span className="sr-only">{t("openLargeNote")}</span>
              </a>
              <button
                type="button"
                className={buttonClass({ variant: "secondary", size: "sm" })}
                onClick={clearFile}
              >
                {t("remove")}
              </button>
            </div>
          </figcaption>
        </figure>
      )}
      <button type="submit" aria-busy={busy} aria-disabled={busy} className={buttonClass({ size: "sm" })}>
        {busy ? t("busy") : t("submit")}
      </button>
    </form>
  );
}
