"use client";

import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import type { FieldErrors, FieldValues } from "react-hook-form";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { schemaAtEachCheck, useSchemaForm } from "@/components/forms/use-schema-form";
import { textOr } from "@/components/i18n/dynamic-text";
import { apiPath } from "@/lib/api/endpoint";
import { onboardingApi } from "@/lib/api/onboarding";
import { type ApiProblem, applyFieldIssues, isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import type { AccountType } from "@/lib/vocabulary";
import { idImageProblem } from "./id-image";
import type { Side } from "./id-image-field";
import { idUploadRefusal } from "./id-upload-refusal";
import { earliestExpiry } from "./local-date";
import { idUploadFormSchema } from "./onboarding-schemas.lazy";
import { useDashboardRedirect } from "./use-dashboard-redirect";

export type IdUploadValues = {
  idType: string;
  idNumber: string;
  expiryDate: string;
  hasBackside: boolean;
  front: File | null;
  back: File | null;
};
export type IdUploadField = Exclude<keyof IdUploadValues, "hasBackside">;
const ID_UPLOAD_FIELDS: readonly IdUploadField[] = ["idType", "idNumber", "expiryDate", "front", "back"];
export const ID_UPLOAD_FORM_ERROR_ID = "id-upload-form-error";

const DEFAULTS: IdUploadValues = {
  idType: "",
  idNumber: "",
  expiryDate: "",
  hasBackside: true,
  front: null,
  back: null,
};

/**
 * The ID upload form's state and its send: the shared schema checked against the member's own
 * calendar at the moment of checking, each image checked by its bytes on choosing, the upload as
 * multipart with progress, and the API's field issues put beside their fields.
 */
export function useIdUpload(accountType: AccountType) {
  const t = useTranslations("IdUpload");
  const apiErrorMessage = useApiErrorMessage();
  const { redirecting, redirectToDashboard } = useDashboardRedirect();
  // The earliest expiry depends on today: the schema is made anew at each check.
  const schema = useMemo(
    () =>
      schemaAtEachCheck(
        idUploadFormSchema,
        (make) => make(accountType, earliestExpiry()) as unknown as z.ZodType<IdUploadValues, FieldValues>,
      ),
    [accountType],
  );
  const form = useSchemaForm<IdUploadValues>(schema, { defaultValues: DEFAULTS });
  const { setError, clearErrors, setValue, setFocus } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);
  const choices = useRef<Record<Side, number>>({ front: 0, back: 0 });
  const busy = progress !== null || redirecting;
  /** Where the focus goes once the controls are enabled again (a disabled one cannot take it). */
  const [focusTarget, setFocusTarget] = useState<IdUploadField | "form-error" | null>(null);

  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => {
    if (!focusTarget || busy) return;
    if (focusTarget === "form-error") document.getElementById(ID_UPLOAD_FORM_ERROR_ID)?.focus();
    else setFocus(focusTarget);
    setFocusTarget(null);
  }, [focusTarget, busy, setFocus]);

  /** A chosen image is taken only once its first bytes say PNG or JPEG. */
  const chooseFile = async (side: Side, input: HTMLInputElement) => {
    clearErrors(side);
    const file = input.files?.[0] ?? null;
    // No preview before the check: a file that is not an image would show as a broken picture.
    setValue(side, null);
    const choice = ++choices.current[side];
    const problem = file ? await idImageProblem(file) : null;
    // A later choice on the same side wins over this one's slower check.
    if (choice !== choices.current[side]) return;
    if (problem) {
      // Refuse it at once: the input is emptied so the refused file is not what it shows.
      input.value = "";
      setError(side, { type: "image", message: problem });
      return;
    }
    setValue(side, file);
  };

  const fail = (message: string, focus: IdUploadField | "form-error" | null = "form-error") => {
    setFormError(message);
    notify.error(message);
    if (focus) setFocusTarget(focus);
  };

  const showProblem = (problem: ApiProblem) => {
    const refusal = idUploadRefusal(problem);
    switch (refusal.say) {
      case "tooLarge":
      case "invalidType":
        return fail(t(`errors.${refusal.say}`));
      case "tooManyUploads":
        return fail(t("errors.tooManyUploads", refusal.wait));
      case "fieldIssues": {
        // The fields the API names get its words beside them, the first one the focus. The
        // refusal's reason is in the page's language; so are the issues that say the same (the
        // API's English text of it), the others come as the API sent them.
        const named = problem.issues.find((issue) => ID_UPLOAD_FIELDS.includes(issue.path as IdUploadField));
        const message = apiErrorMessage(problem, problem.message || t("errors.uploadFailed"));
        applyFieldIssues(problem, ID_UPLOAD_FIELDS, (name, error) =>
          setError(name, error.message === problem.message ? { ...error, message } : error),
        );
        return fail(message, (named?.path as IdUploadField) ?? "form-error");
      }
      case "apiError":
        return fail(apiErrorMessage(problem, t("errors.uploadFailed")));
    }
  };

  const send = async (values: IdUploadValues) => {
    setFormError(null);
    const body = new FormData();
    body.set("idType", values.idType);
    body.set("idNumber", values.idNumber);
    body.set("expiryDate", values.expiryDate);
    body.set("hasBackside", String(values.hasBackside));
    if (values.front) body.set("front", values.front);
    if (values.hasBackside && values.back) body.set("back", values.back);

    const controller = new AbortController();
    upload.current = controller;
    const toastId = notify.loading(t("uploading"));
    setProgress(0);
    try {
      await api.upload(apiPath(onboardingApi.uploadId[accountType]), body, undefined, {
        onProgress: setProgress,
        signal: controller.signal,
      });
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

  /** Refused in the browser: each field says why; a missing entry also gets the form's summary. */
  const refuse = (errors: FieldErrors<IdUploadValues>) => {
    const missing = ID_UPLOAD_FIELDS.some((field) => errors[field]?.message === "required");
    if (missing) fail(t("errors.required", { backside: String(form.getValues("hasBackside")) }), null);
    else setFormError(null);
  };

  /** A field's error in words: the schema's keys translated, the API's sentences as they came. */
  const fieldError = (field: IdUploadField): string | undefined => {
    const key = form.formState.errors[field]?.message;
    if (!key) return undefined;
    if (key === "required")
      return field === "front" || field === "back" ? t("errors.imageRequired") : t("errors.fieldRequired");
    return textOr(t, `errors.${key}`, key);
  };

  return {
    form,
    busy,
    progress,
    redirecting,
    formError,
    chooseFile,
    fieldError,
    onSubmit: form.handleSubmit(send, refuse),
  };
}
