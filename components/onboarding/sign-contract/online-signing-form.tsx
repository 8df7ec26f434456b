"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { isApiProblem } from "@/components/api/problem";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { Button } from "@/components/ui/button";
import { notify } from "@/lib/notify";
import { describedBy } from "../field";
import { SignaturePad, type SignaturePadHandle } from "./signature-pad";

type AccountType = "personal" | "company";
type Problem = "signature" | "agreement";

const SIGNATURE_ID = "contract-signature";
const AGREEMENT_ID = "contract-agreement";
const FORM_ERROR_ID = "contract-sign-error";

/**
 * Online signing: a drawn signature and the agreement, then one call signs every
 * template of the member (POST /api/contracts/sign). The upload mode is the way for members who
 * cannot draw; the signature field's instructions say so.
 */
export function OnlineSigningForm({
  accountType,
  canSign,
  onSigned,
  onNoTemplates,
}: {
  accountType: AccountType;
  /** False without templates (the sign button is then disabled). */
  canSign: boolean;
  onSigned: () => void;
  onNoTemplates: () => void;
}) {
  const t = useTranslations("SignContract");
  const locale = useLocale();
  const apiErrorMessage = useApiErrorMessage();
  const pad = useRef<SignaturePadHandle>(null);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Problem, string>>>({});
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

  const submit = async () => {
    setFormError(null);
    const image = pad.current?.toDataUrl() ?? null;
    const found: Partial<Record<Problem, string>> = {};
    if (!image) found.signature = t("errors.signatureRequired");
    if (!agreed) found.agreement = t("errors.agreementRequired", { type: accountType });
    setErrors(found);
    const first = found.signature ?? found.agreement;
    if (first || !image) {
      if (first) notify.error(first);
      setFocusTarget(found.signature ? SIGNATURE_ID : AGREEMENT_ID);
      return;
    }

    setSigning(true);
    const toastId = notify.loading(t("online.signing"));
    try {
      await api.post("/api/contracts/sign", { signatureImage: image, agreed: true, lang: locale });
      notify.success(t("online.success"));
      setDone(true);
      onSigned();
    } catch (error) {
      // The client has already refreshed, and on failure ended the session with its own toast.
      if (isApiProblem(error) && error.status === 401) return;
      if (isApiProblem(error) && error.code === "NO_CONTRACT_TEMPLATES") onNoTemplates();
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

  return (
    <form
      className="space-y-5"
      noValidate
      aria-labelledby="contract-online-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="contract-online-heading" className="sr-only">
        {t("mode.online")}
      </h2>
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
      <fieldset
        id={SIGNATURE_ID}
        tabIndex={-1}
        aria-describedby={`${describedBy(SIGNATURE_ID, { hint: true, error: Boolean(errors.signature) })} ${SIGNATURE_ID}-keyboard`}
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
            if (hasInk) setErrors((current) => ({ ...current, signature: undefined }));
          }}
        />
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => pad.current?.clear()}>
          {t("online.clear")}
        </Button>
        {errors.signature && (
          <p id={`${SIGNATURE_ID}-error`} role="alert" className="text-sm text-red-700">
            {errors.signature}
          </p>
        )}
      </fieldset>

      <div className="space-y-1">
        <div className="flex items-start gap-3">
          <input
            id={AGREEMENT_ID}
            type="checkbox"
            required
            checked={agreed}
            disabled={busy}
            aria-invalid={errors.agreement ? true : undefined}
            aria-describedby={describedBy(AGREEMENT_ID, { error: Boolean(errors.agreement) })}
            onChange={(event) => {
              setAgreed(event.target.checked);
              if (event.target.checked) setErrors((current) => ({ ...current, agreement: undefined }));
            }}
            className="mt-1 size-4 shrink-0 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          />
          <label htmlFor={AGREEMENT_ID} className="text-slate-800">
            {t("online.agree", { type: accountType })}
          </label>
        </div>
        {errors.agreement && (
          <p id={`${AGREEMENT_ID}-error`} role="alert" className="text-sm text-red-700">
            {errors.agreement}
          </p>
        )}
      </div>

      <Button type="submit" disabled={!canSign || busy} loading={signing}>
        {signing ? t("online.signing") : t("online.submit")}
      </Button>
    </form>
  );
}
