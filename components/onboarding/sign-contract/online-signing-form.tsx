"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { primaryButtonClass } from "@/components/ui/form-field";
import { notify } from "@/lib/notify";
import { readApiProblem } from "../api-problem";
import { describedBy } from "../field";
import { SignaturePad, type SignaturePadHandle } from "./signature-pad";
import { secondaryButtonClass } from "./template-list";

type AccountType = "personal" | "company";
type Problem = "signature" | "agreement";

const SIGNATURE_ID = "contract-signature";
const AGREEMENT_ID = "contract-agreement";
const FORM_ERROR_ID = "contract-sign-error";

/**
 * Online signing (spec §2, §5): a drawn signature and the agreement, then one call signs every
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
  /** False without templates (spec §2: the sign button is disabled). */
  canSign: boolean;
  onSigned: () => void;
  onNoTemplates: () => void;
}) {
  const t = useTranslations("SignContract");
  const locale = useLocale();
  const { apiFetch } = useAuth();
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
      const response = await apiFetch("/api/contracts/sign", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ signatureImage: image, agreed: true, lang: locale }),
      });
      // apiFetch has told the member and logged them out.
      if (response.status === 401) return;
      if (response.ok) {
        notify.success(t("online.success"));
        setDone(true);
        onSigned();
        return;
      }
      const problem = await readApiProblem(response);
      if (problem.code === "NO_CONTRACT_TEMPLATES") onNoTemplates();
      const message = apiErrorMessage(problem, t("online.failed"));
      setFormError(message);
      notify.error(message);
      setFocusTarget(FORM_ERROR_ID);
    } catch {
      setFormError(t("online.failed"));
      notify.error(t("online.failed"));
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
        aria-describedby={describedBy(SIGNATURE_ID, { hint: true, error: Boolean(errors.signature) })}
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
        <SignaturePad
          ref={pad}
          label={t("online.canvasLabel")}
          disabled={busy}
          onChange={(hasInk) => {
            if (hasInk) setErrors((current) => ({ ...current, signature: undefined }));
          }}
        />
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={busy}
          onClick={() => pad.current?.clear()}
        >
          {t("online.clear")}
        </button>
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

      <button type="submit" className={primaryButtonClass} disabled={!canSign || busy} aria-busy={signing}>
        {signing ? t("online.signing") : t("online.submit")}
      </button>
    </form>
  );
}
