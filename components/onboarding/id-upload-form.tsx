"use client";

import { useTranslations } from "next-intl";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { inputClass, primaryButtonClass } from "@/components/ui/form-field";
import { notify } from "@/lib/notify";
import { COMPANY_ID_TYPES, ID_IMAGE_MAX_BYTES, PERSONAL_ID_TYPES } from "@/lib/schemas/onboarding";
import type { ApiProblem } from "./api-problem";
import { validationIssues } from "./api-problem";
import { describedBy, OnboardingField } from "./field";
import { localDate } from "./local-date";
import { uploadWithProgress } from "./upload-with-progress";
import { useDashboardRedirect } from "./use-dashboard-redirect";

type AccountType = "personal" | "company";
type Side = "front" | "back";
type Field = "idType" | "idNumber" | "expiryDate" | Side;
const FIELDS: readonly Field[] = ["idType", "idNumber", "expiryDate", "front", "back"];

// Spec §5/§9: ID images are PNG or JPEG, by both the browser's type and the name's extension.
const IMAGE_TYPES = ["image/png", "image/jpeg"];
const IMAGE_EXTENSION = /\.(png|jpe?g)$/i;
const ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";

function imageProblem(file: File): "invalidType" | "tooLarge" | null {
  if (!IMAGE_TYPES.includes(file.type) || !IMAGE_EXTENSION.test(file.name)) return "invalidType";
  if (file.size > ID_IMAGE_MAX_BYTES) return "tooLarge";
  return null;
}

/**
 * Spec §5: the expiry must be after today. The API's today is the UTC date, so the earliest
 * date is the later of tomorrow here and tomorrow in UTC (west of UTC in the evening, the API is
 * a day ahead); a date the form accepts is never refused for that.
 */
function earliestExpiry(): string {
  const utcTomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  // ISO dates sort as strings: the later one comes last.
  return [localDate(1), utcTomorrow].sort()[1] ?? utcTomorrow;
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

const fieldId = (field: Field) => `id-upload-${field}`;
const FORM_ERROR_ID = "id-upload-form-error";
/** The API's limit (server/domain/documents/id-upload-fields.ts). */
const ID_NUMBER_MAX_LENGTH = 64;

/**
 * The ID upload step (spec §2, §3, §5): type, number, expiry and the images of an ID document;
 * for companies the contact person's. Sent as multipart with a progress bar.
 */
export function IdUploadForm({ accountType }: { accountType: AccountType }) {
  const t = useTranslations("IdUpload");
  const ta = useTranslations("Auth");
  const { refresh, logout } = useAuth();
  const apiErrorMessage = useApiErrorMessage();
  const { redirecting, redirectToDashboard } = useDashboardRedirect();
  const types = accountType === "company" ? COMPANY_ID_TYPES : PERSONAL_ID_TYPES;

  const [idType, setIdType] = useState("");
  const [idNumber, setIdNumber] = useState("");
  const [expiryDate, setExpiryDate] = useState("");
  const [hasBackside, setHasBackside] = useState(true);
  const [files, setFiles] = useState<Record<Side, File | null>>({ front: null, back: null });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  /** Fields the form's error names (blank ones, or those the API refused). */
  const [flagged, setFlagged] = useState<Field[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // Depends on the member's clock and time zone: known only in the browser, not on the server.
  const [minExpiry, setMinExpiry] = useState<string | undefined>(undefined);
  const upload = useRef<AbortController | null>(null);
  const busy = progress !== null || redirecting;
  /** Where the focus goes once the controls are enabled again (a disabled one cannot take it). */
  const [focusTarget, setFocusTarget] = useState<Field | "form-error" | null>(null);

  useEffect(() => setMinExpiry(earliestExpiry()), []);
  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => {
    if (!focusTarget || busy) return;
    document.getElementById(focusTarget === "form-error" ? FORM_ERROR_ID : fieldId(focusTarget))?.focus();
    setFocusTarget(null);
  }, [focusTarget, busy]);

  const touch = (field: Field) => {
    setFlagged((fields) => fields.filter((name) => name !== field));
    setFieldErrors((errors) => ({ ...errors, [field]: undefined }));
  };

  const chooseFile = (side: Side, event: ChangeEvent<HTMLInputElement>) => {
    touch(side);
    const file = event.target.files?.[0] ?? null;
    const problem = file ? imageProblem(file) : null;
    if (problem) {
      // Refuse it at once: the input is emptied so the refused file is not what it shows.
      event.target.value = "";
      setFiles((current) => ({ ...current, [side]: null }));
      setFieldErrors((errors) => ({ ...errors, [side]: t(`errors.${problem}`) }));
      return;
    }
    setFiles((current) => ({ ...current, [side]: file }));
  };

  const fail = (message: string, focus: Field | "form-error" = "form-error") => {
    setFormError(message);
    notify.error(message);
    setFocusTarget(focus);
  };

  const showProblem = (problem: ApiProblem) => {
    if (problem.status === 413) return fail(t("errors.tooLarge"));
    if (problem.status === 415) return fail(t("errors.invalidType"));
    if (problem.status === 422) {
      // The API's sentence is the summary; the fields it names are marked and point at it.
      const named = validationIssues(problem)
        .map((issue) => issue.path)
        .filter((path): path is Field => FIELDS.includes(path as Field));
      setFlagged(named);
      return fail(problem.message || t("errors.uploadFailed"), named[0]);
    }
    fail(apiErrorMessage(problem, t("errors.uploadFailed")));
  };

  const submit = async () => {
    setFormError(null);
    const blank = [
      !idType && "idType",
      !idNumber.trim() && "idNumber",
      !expiryDate && "expiryDate",
      !files.front && "front",
      hasBackside && !files.back && "back",
    ].filter((field): field is Field => Boolean(field));
    if (blank.length > 0) {
      setFlagged(blank);
      fail(t("errors.required", { backside: String(hasBackside) }), blank[0]);
      return;
    }
    if (expiryDate < earliestExpiry()) {
      setFieldErrors((errors) => ({ ...errors, expiryDate: t("errors.expiryInPast") }));
      setFocusTarget("expiryDate");
      return;
    }
    const refused = FIELDS.find((field) => fieldErrors[field]);
    if (refused) {
      setFocusTarget(refused);
      return;
    }

    const form = new FormData();
    form.set("idType", idType);
    form.set("idNumber", idNumber.trim());
    form.set("expiryDate", expiryDate);
    form.set("hasBackside", String(hasBackside));
    if (files.front) form.set("front", files.front);
    if (hasBackside && files.back) form.set("back", files.back);

    const controller = new AbortController();
    upload.current = controller;
    const url = `/api/upload/${accountType}-id`;
    const toastId = notify.loading(t("uploading"));
    setProgress(0);
    try {
      let result = await uploadWithProgress(url, form, setProgress, controller.signal);
      if (result.status === 401) {
        // Spec §4: one refresh and one retry, then logout (what apiFetch does for fetch calls).
        if (await refresh()) {
          setProgress(0);
          result = await uploadWithProgress(url, form, setProgress, controller.signal);
        }
        if (result.status === 401) {
          notify.error(ta("sessionExpired"));
          await logout({ silent: true });
          return;
        }
      }
      if (result.ok) {
        notify.success(t("success"));
        redirectToDashboard();
        return;
      }
      showProblem(result.problem);
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      fail(t("errors.retry"));
    } finally {
      notify.dismiss(toastId);
      setProgress(null);
      upload.current = null;
    }
  };

  const invalid = (field: Field) => Boolean(fieldErrors[field]) || flagged.includes(field);
  const controlProps = (field: Field, hint = false) => ({
    id: fieldId(field),
    disabled: busy,
    "aria-invalid": invalid(field) || undefined,
    "aria-describedby": describedBy(fieldId(field), {
      hint,
      error: Boolean(fieldErrors[field]),
      others: [flagged.includes(field) && FORM_ERROR_ID],
    }),
  });

  const imageField = (side: Side) => (
    <ImageField
      side={side}
      label={t(`fields.${side}`)}
      hint={t("fields.fileHint")}
      previewAlt={t("previewAlt", { side })}
      file={files[side]}
      error={fieldErrors[side]}
      inputProps={controlProps(side, true)}
      onChange={(event) => chooseFile(side, event)}
    />
  );

  return (
    <form
      className="space-y-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-slate-700">{t("requiredNote")}</p>
      {formError && (
        <p
          id={FORM_ERROR_ID}
          role="alert"
          tabIndex={-1}
          className="rounded-lg bg-red-50 p-3 text-sm text-red-800 focus-visible:outline-2 focus-visible:outline-red-800"
        >
          {formError}
        </p>
      )}
      <OnboardingField
        id={fieldId("idType")}
        label={t("fields.idType", { type: accountType })}
        required
        error={fieldErrors.idType}
      >
        <select
          {...controlProps("idType")}
          required
          value={idType}
          onChange={(event) => {
            touch("idType");
            setIdType(event.target.value);
          }}
          className={inputClass}
        >
          <option value="">{t("fields.idTypePlaceholder")}</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </select>
      </OnboardingField>
      <OnboardingField
        id={fieldId("idNumber")}
        label={t("fields.idNumber", { type: accountType })}
        required
        error={fieldErrors.idNumber}
      >
        <input
          {...controlProps("idNumber")}
          type="text"
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={ID_NUMBER_MAX_LENGTH}
          value={idNumber}
          onChange={(event) => {
            touch("idNumber");
            setIdNumber(event.target.value);
          }}
          className={inputClass}
        />
      </OnboardingField>
      <OnboardingField
        id={fieldId("expiryDate")}
        label={t("fields.expiryDate")}
        required
        error={fieldErrors.expiryDate}
        hint={t("fields.expiryHint")}
      >
        <input
          {...controlProps("expiryDate", true)}
          type="date"
          required
          min={minExpiry}
          value={expiryDate}
          onChange={(event) => {
            touch("expiryDate");
            setExpiryDate(event.target.value);
          }}
          className={inputClass}
        />
      </OnboardingField>

      {imageField("front")}
      <div className="flex items-start gap-3">
        <input
          id="id-upload-hasBackside"
          type="checkbox"
          checked={hasBackside}
          disabled={busy}
          onChange={(event) => {
            touch("back");
            setHasBackside(event.target.checked);
            // The back image's input goes away; so does its file, or it would come back unseen.
            setFiles((current) => ({ ...current, back: null }));
          }}
          className="mt-1 size-4 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        />
        <label htmlFor="id-upload-hasBackside" className="text-slate-800">
          {t("fields.hasBackside")}
        </label>
      </div>
      {hasBackside && imageField("back")}

      {progress !== null && (
        <div className="space-y-1">
          <div className="flex justify-between text-sm text-slate-700">
            <span>{progress < 100 ? t("uploading") : t("processing")}</span>
            <span aria-hidden="true">{progress}%</span>
          </div>
          <div
            role="progressbar"
            aria-label={t("progressLabel")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-valuetext={t("progressText", { percent: progress })}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${progress}%` }} />
          </div>
        </div>
      )}

      <button type="submit" className={primaryButtonClass} disabled={busy} aria-busy={progress !== null}>
        {progress !== null ? t("uploading") : t("submit")}
      </button>
      {redirecting && (
        <p role="status" className="text-sm text-slate-700">
          {t("redirecting")}
        </p>
      )}
    </form>
  );
}

type ControlProps = {
  id: string;
  disabled: boolean;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

/** One image of the document: a file input, its limits, its error and a preview of the choice. */
function ImageField({
  side,
  label,
  hint,
  previewAlt,
  file,
  error,
  inputProps,
  onChange,
}: {
  side: Side;
  label: string;
  hint: string;
  previewAlt: string;
  file: File | null;
  error?: string;
  inputProps: ControlProps;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const preview = useObjectUrl(file);
  return (
    <OnboardingField id={inputProps.id} label={label} required error={error} hint={hint}>
      <input
        {...inputProps}
        name={side}
        type="file"
        required
        accept={ACCEPT}
        onChange={onChange}
        className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-medium file:text-brand-800`}
      />
      {preview && file && (
        <figure className="mt-2">
          {/* biome-ignore lint/performance/noImgElement: a local object URL; there is nothing for next/image to optimise. */}
          <img
            src={preview}
            alt={previewAlt}
            className="max-h-48 w-auto max-w-full rounded-lg border border-slate-300 object-contain"
          />
          <figcaption className="mt-1 break-all text-sm text-slate-700">{file.name}</figcaption>
        </figure>
      )}
    </OnboardingField>
  );
}
