"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRef, useState } from "react";
import type { z } from "zod";
import { useAdminErrorText } from "@/components/admin/shared/use-admin-error-text";
import { api } from "@/components/api/client";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { UploadProgress } from "@/components/onboarding/id-image-field";
import { Button } from "@/components/ui/button";
import { linkClass } from "@/components/ui/styles";
import { useObjectUrl } from "@/components/ui/use-object-url";
import { stampApi } from "@/lib/api/contracts";
import { apiPath } from "@/lib/api/endpoint";
import { applyFieldIssues, isApiProblem } from "@/lib/api/problem";
import { STAMP_MAX_BYTES } from "@/lib/constants";
import type { CompanyStamp } from "@/lib/schemas/contracts";
import type { stampFormSchema as StampFormSchema } from "../admin-schemas";
import { companyStampSchema, stampFormSchema, stampResponseSchema } from "../admin-schemas.lazy";
import { FileInputField } from "./file-input-field";
import type { StatusTone } from "./status-note";
import { TextInputField } from "./text-input-field";

const STAMP_TYPES = ["image/png", "image/jpeg", "image/webp"];
const STAMP_EXTENSIONS = /\.(png|jpe?g|webp)$/i;

/** The form's own fields (stampFormSchema: the API's rules for them); the image is checked apart. */
type Values = z.input<typeof StampFormSchema>;
type Checked = z.output<typeof StampFormSchema>;
const FIELDS = ["label", "activate"] as const;

/** The stamp rules (type and size), checked here before the API checks them again by magic bytes. */
function stampFileProblem(file: File | null): "noFile" | "invalidType" | "tooLarge" | null {
  if (!file) return "noFile";
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

/**
 * The stamp upload (shown while no stamp exists): file, optional label, 'activate right away',
 * a preview with name and size, and the upload through the API client with its progress. A 409
 * hands the existing stamp to the section, which then shows it.
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
  const adminErrorText = useAdminErrorText();
  const form = useSchemaForm<Values, Checked>(stampFormSchema, {
    defaultValues: { label: "", activate: false },
  });
  const { register, formState } = form;
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const previewUrl = useObjectUrl(file);

  const clearFile = () => {
    setFile(null);
    if (fileInputRef.current) fileInputRef.current.value = "";
  };

  const choose = (chosen: File | null) => {
    if (!chosen) return setFile(null);
    const problem = stampFileProblem(chosen);
    if (problem) {
      clearFile();
      return setFileError(t(problem));
    }
    setFileError(undefined);
    setFile(chosen);
  };

  const checkFile = () => {
    const problem = stampFileProblem(file);
    setFileError(problem ? t(problem) : undefined);
    if (problem) fileInputRef.current?.focus();
    return !problem;
  };

  const send = async (data: Checked) => {
    if (!checkFile() || !file) return;
    setProgress(0);
    try {
      // The API takes the image as base64 in JSON; as a Blob it goes with upload progress.
      const body = new Blob(
        [
          JSON.stringify({
            base64: await readAsDataUrl(file),
            mimeType: file.type || undefined,
            label: data.label || undefined,
            activate: data.activate,
          }),
        ],
        { type: "application/json" },
      );
      const { stamp } = await api.upload(apiPath(stampApi.upload), body, stampResponseSchema, {
        onProgress: setProgress,
      });
      clearFile();
      form.reset();
      onUploaded(stamp);
    } catch (error) {
      if (!isApiProblem(error) || error.code === "NETWORK") return show("error", t("uploadNetworkError"));
      if (error.status === 409) {
        // The existing stamp comes back with the refusal and is shown instead.
        const existing = (await companyStampSchema()).safeParse(
          (error.details as { stamp?: unknown } | undefined)?.stamp,
        );
        show("error", t("existsLoaded"));
        return onExisting(existing.success ? existing.data : null);
      }
      if (error.code === "INVALID_RESPONSE") return onExisting(null);
      applyFieldIssues(error, FIELDS, form.setError);
      // The API's refusal in the page's language; a bare HTTP status is said by `uploadFailed`.
      const message = error.serverMessage ? adminErrorText(error) : "";
      show("error", t("uploadFailed", { status: error.status, message }).trim());
    } finally {
      setProgress(null);
    }
  };
  // The image is checked with the fields, so every problem shows at once.
  const submit = form.handleSubmit(send, () => checkFile());

  const sizeKb = file
    ? new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(file.size / 1024)
    : "";
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <FileInputField
          label={t("file")}
          hint={t("fileHint")}
          error={fileError}
          inputRef={fileInputRef}
          accept="image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp"
          onFile={choose}
        />
        <TextInputField
          label={t("label")}
          error={formState.errors.label?.message}
          registration={register("label")}
          maxLength={200}
        />
      </div>
      <label className="flex items-center gap-2 text-slate-800">
        <input type="checkbox" className="size-4 accent-brand-700" {...register("activate")} />
        {t("activateNow")}
      </label>
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
              <Button variant="secondary" size="sm" onClick={clearFile}>
                {t("remove")}
              </Button>
            </div>
          </figcaption>
        </figure>
      )}
      {progress !== null && <UploadProgress percent={progress} />}
      <Button type="submit" size="sm" loading={formState.isSubmitting}>
        {formState.isSubmitting ? t("busy") : t("submit")}
      </Button>
    </form>
  );
}
