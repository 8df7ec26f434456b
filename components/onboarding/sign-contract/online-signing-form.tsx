"use client";

import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { FieldErrors } from "react-hook-form";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { type Lazy, useSchemaForm } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { contractApi } from "@/lib/api/contracts";
import { apiPath } from "@/lib/api/endpoint";
import { applyFieldIssues, isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import { describedBy } from "../field";
import { FormError } from "../form-error";
import type { SignRequest } from "../onboarding-schemas";
import { signFormSchema } from "../onboarding-schemas.lazy";
import { SignaturePad, type SignaturePadHandle } from "./signature-pad";

type AccountType = "personal" | "company";
type SignValues = { signatureImage: string; agreed: boolean };
type SignField = keyof SignValues;
const FIELDS: readonly SignField[] = ["signatureImage", "agreed"];

const SIGNATURE_ID = "contract-signature";
const AGREEMENT_ID = "contract-agreement";
const FORM_ERROR_ID = "contract-sign-error";
/** The element that takes the focus for a field's error (the pad itself is not focusable). */
const FOCUS_ID: Record<SignField, string> = { signatureImage: SIGNATURE_ID, agreed: AGREEMENT_ID };

/**
 * Online signing: a drawn signature and the agreement, then one call signs every
 * template of the member (contractApi.sign). The upload mode is the way for members who
 * cannot draw; the signature field's instructions say so.
 */
export function OnlineSigningForm({
  accountType,
  canSign,
  onSigned,
  onNoTemplates,
  endpoint = contractApi.sign,
}: {
  accountType: AccountType;
  /** The signing call: onboarding signs every template, contractApi.resign those to sign again. */
  endpoint?: typeof contractApi.sign | typeof contractApi.resign;
  /** False without templates (the sign button is then disabled). */
  canSign: boolean;
  onSigned: () => void;
  onNoTemplates: () => void;
}) {
  const t = useTranslations("SignContract");
  const locale = useLocale();
  const apiErrorMessage = useApiErrorMessage();
  const pad = useRef<SignaturePadHandle>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useSchemaForm<SignValues, SignRequest>(
    signFormSchema as unknown as Lazy<z.ZodType<SignRequest, SignValues>>,
    {
      // The checkbox holds any boolean; the shared schema takes only `true`, which is the check.
      defaultValues: { signatureImage: "", agreed: false },
      // The pad cannot take the focus: the form moves it itself, once the controls are enabled.
      shouldFocusError: false,
    },
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const [done, setDone] = useState(false);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const busy = signing || done;

  useEffect(() => {
    if (!focusTarget || busy) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget, busy]);

  /** A field's error in words: the schema's checks have the form's own sentences. */
  const fieldError = (field: SignField): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    if (error.type === "server" && error.message) return error.message;
    return field === "signatureImage"
      ? t("errors.signatureRequired")
      : t("errors.agreementRequired", { type: accountType });
  };

  const refuse = (found: FieldErrors<SignValues>) => {
    const first = FIELDS.find((field) => found[field]);
    if (!first) return;
    notify.error(
      first === "signatureImage"
        ? t("errors.signatureRequired")
        : t("errors.agreementRequired", { type: accountType }),
    );
    setFocusTarget(FOCUS_ID[first]);
  };

  const send = async (values: SignRequest) => {
    setFormError(null);
    setSigning(true);
    const toastId = notify.loading(t("online.signing"));
    try {
      await api.post(apiPath(endpoint), { ...values, lang: locale });
      notify.success(t("online.success"));
      setDone(true);
      onSigned();
    } catch (error) {
      // The client has already refreshed, and on failure ended the session with its own toast.
      if (isApiProblem(error) && error.status === 401) return;
      // Nothing (left) to sign, or a template changed meanwhile: the list is loaded again.
      if (isApiProblem(error) && error.status === 409) onNoTemplates();
      const named = isApiProblem(error)
        ? error.issues.find((issue) => FIELDS.includes(issue.path as SignField))
        : undefined;
      // The issue that says the refusal's reason (the API's English text of it) gets the reason's
      // text in the page's language; any other comes as the API sent it.
      if (
        isApiProblem(error) &&
        applyFieldIssues(error, FIELDS, (name, issue, options) => {
          const message =
            issue.message === error.message ? apiErrorMessage(error, issue.message) : issue.message;
          setError(name, { ...issue, message }, options);
        })
      ) {
        setFocusTarget(FOCUS_ID[named?.path as SignField]);
        return;
      }
      const message =
        isApiProblem(error) && error.status > 0
          ? apiErrorMessage(error, t("online.failed"))
          : t("online.failed");
      setFormError(message);
      notify.error(message);
      setFocusTarget(FORM_ERROR_ID);
    } finally {
      notify.dismiss(toastId);
      setSigning(false);
    }
  };

  // The drawing is read from the pad when the form is sent; the schema then checks it is there.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setValue("signatureImage", pad.current?.toDataUrl() ?? "");
    return handleSubmit(send, refuse)(event);
  };

  const signatureError = fieldError("signatureImage");
  const agreementError = fieldError("agreed");

  return (
    <form className="space-y-5" noValidate aria-labelledby="contract-online-heading" onSubmit={onSubmit}>
      <h2 id="contract-online-heading" className="sr-only">
        {t("mode.online")}
      </h2>
      <FormError id={FORM_ERROR_ID} message={formError} />
      <fieldset
        id={SIGNATURE_ID}
        tabIndex={-1}
        aria-describedby={`${describedBy(SIGNATURE_ID, { hint: true, error: Boolean(signatureError) })} ${SIGNATURE_ID}-keyboard`}
        className="space-y-2 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700"
      >
        <legend className="text-sm font-medium text-slate-800">
          {t("online.signatureLabel")}
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        </legend>
        <p id={`${SIGNATURE_ID}-hint`} className="text-sm text-slate-600">
          {t("online.signatureHint")}
        </p>
        <p id={`${SIGNATURE_ID}-keyboard`} className="text-sm text-slate-600">
          {t("online.keyboardNote")}
        </p>
        <SignaturePad
          ref={pad}
          label={t("online.canvasLabel")}
          disabled={busy}
          onChange={(hasInk) => {
            if (hasInk) clearErrors("signatureImage");
          }}
        />
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => pad.current?.clear()}>
          {t("online.clear")}
        </Button>
        {signatureError && (
          <p id={`${SIGNATURE_ID}-error`} role="alert" className="text-sm text-red-700">
            {signatureError}
          </p>
        )}
      </fieldset>

      <div className="space-y-1">
        <div className="flex items-start gap-3">
          <input
            id={AGREEMENT_ID}
            type="checkbox"
            required
            disabled={busy}
            aria-invalid={agreementError ? true : undefined}
            aria-describedby={describedBy(AGREEMENT_ID, { error: Boolean(agreementError) })}
            {...register("agreed", {
              onChange: (event) => {
                if (event.target.checked) clearErrors("agreed");
              },
            })}
            className="mt-1 size-4 shrink-0 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          />
          <label htmlFor={AGREEMENT_ID} className="text-slate-800">
            {t("online.agree", { type: accountType })}
          </label>
        </div>
        {agreementError && (
          <p id={`${AGREEMENT_ID}-error`} role="alert" className="text-sm text-red-700">
            {agreementError}
          </p>
        )}
      </div>

      <Button type="submit" disabled={!canSign || busy} loading={signing}>
        {signing ? t("online.signing") : t("online.submit")}
      </Button>
    </form>
  );
}
