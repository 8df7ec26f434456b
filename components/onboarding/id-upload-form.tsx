"use client";

import { useTranslations } from "next-intl";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { type ApiProblem, isApiProblem } from "@/components/api/problem";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { Button } from "@/components/ui/button";
import { notify } from "@/lib/notify";
import { describedBy } from "./field";
import { type DetailField, IdDetailsFields } from "./id-details-fields";
import { idImageProblem } from "./id-image";
import { ImageField, type Side, UploadProgress } from "./id-image-field";
import { earliestExpiry } from "./local-date";
import { useDashboardRedirect } from "./use-dashboard-redirect";

type AccountType = "personal" | "company";
type Field = DetailField | Side;
const FIELDS: readonly Field[] = ["idType", "idNumber", "expiryDate", "front", "back"];

const fieldId = (field: Field) => `id-upload-${field}`;
const FORM_ERROR_ID = "id-upload-form-error";

/**
 * The ID upload step: type, number, expiry and the images of an ID document;
 * for companies the contact person's. Sent as multipart with a progress bar.
 */
export function IdUploadForm({ accountType }: { accountType: AccountType }) {
  const t = useTranslations("IdUpload");
  const apiErrorMessage = useApiErrorMessage();
  const { redirecting, redirectToDashboard } = useDashboardRedirect();

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
  const choices = useRef<Record<Side, number>>({ front: 0, back: 0 });
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

  const chooseFile = async (side: Side, event: ChangeEvent<HTMLInputElement>) => {
    touch(side);
    const input = event.target;
    const file = input.files?.[0] ?? null;
    // No preview before the check: a file that is not an image would show as a broken picture.
    setFiles((current) => ({ ...current, [side]: null }));
    const choice = ++choices.current[side];
    const problem = file ? await idImageProblem(file) : null;
    // A later choice on the same side wins over this one's slower check.
    if (choice !== choices.current[side]) return;
    if (problem) {
      // Refuse it at once: the input is emptied so the refused file is not what it shows.
      input.value = "";
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
      const named = problem.issues
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
      await api.upload(url, form, undefined, { onProgress: setProgress, signal: controller.signal });
      notify.success(t("success"));
      redirectToDashboard();
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      // The client has already refreshed, and on failure ended the session with its own toast.
      if (isApiProblem(error) && error.status === 401) return;
      if (isApiProblem(error) && error.status > 0) return showProblem(error);
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
      name={side}
      label={t(`fields.${side}`)}
      hint={t("fields.fileHint")}
      previewAlt={t("previewAlt", { side })}
      file={files[side]}
      error={fieldErrors[side]}
      inputProps={controlProps(side, true)}
      onChange={(event) => void chooseFile(side, event)}
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
      <IdDetailsFields
        accountType={accountType}
        values={{ idType, idNumber, expiryDate }}
        onChange={(field, value) => {
          touch(field);
          ({ idType: setIdType, idNumber: setIdNumber, expiryDate: setExpiryDate })[field](value);
        }}
        errors={fieldErrors}
        controlProps={controlProps}
        minExpiry={minExpiry}
      />

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

      {progress !== null && <UploadProgress percent={progress} />}

      <Button type="submit" disabled={busy} loading={progress !== null}>
        {progress !== null ? t("uploading") : t("submit")}
      </Button>
      {redirecting && (
        <p role="status" className="text-sm text-slate-700">
          {t("redirecting")}
        </p>
      )}
    </form>
  );
}
