"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { objectWithOptionalNumber } from "@/components/api/answer-checks";
import { api } from "@/components/api/client";
import { useAuth } from "@/components/auth/auth-provider";
import { CodeField, type CodeInputHandle } from "@/components/auth/code-input";
import {
  apiFailureKey,
  useApiErrorMessage,
  useApiFailureMessage,
  useValidationMessage,
} from "@/components/auth/use-api-error-message";
import { useCountdown } from "@/components/auth/use-countdown";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { linkClass } from "@/components/ui/styles";
import { apiPath } from "@/lib/api/endpoint";
import { onboardingApi } from "@/lib/api/onboarding";
import { applyFieldIssues, isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import { verifyCodeFormSchema } from "./onboarding-schemas.lazy";
import { StepSubmit } from "./step-submit";
import { useDashboardRedirect } from "./use-dashboard-redirect";
import { breakableAddress, readResendAt, writeResendAt } from "./verify-email-parts";

/** A code is valid for 600 s, and a new one can be requested after as long. */
const RESEND_SECONDS = 600;

/** The answer to a sent code: when the next one may be asked for. */
const sentSchema = objectWithOptionalNumber("resendAfterSeconds");

/** 600 → "10:00", 59 → "0:59". */
const minutesAndSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * The verify-email step: the code mailed to the member's address goes into six
 * boxes. On opening a code is sent unless one went to this address in the last 10 minutes.
 */
export function VerifyEmail() {
  const t = useTranslations("VerifyEmail");
  const te = useTranslations("Errors");
  const locale = useLocale();
  const { user } = useAuth();
  const email = user?.email ?? "";
  const apiErrorMessage = useApiErrorMessage();
  const apiFailureMessage = useApiFailureMessage();
  const validationMessage = useValidationMessage();
  const { redirecting, redirectToDashboard } = useDashboardRedirect();
  const codeRef = useRef<CodeInputHandle>(null);
  const { control, handleSubmit, reset, setError, clearErrors, formState } = useSchemaForm<{ code: string }>(
    verifyCodeFormSchema,
    {
      defaultValues: { code: "" },
    },
  );
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const secondsLeft = useCountdown(resendAt);
  const [refocus, setRefocus] = useState(0);
  const busy = sending || verifying || redirecting;

  // The boxes are disabled while a call runs: focus the first once they are enabled again.
  useEffect(() => {
    if (refocus && !busy) codeRef.current?.focusFirst();
  }, [refocus, busy]);

  const startCountdown = useCallback(
    (seconds: number) => {
      const at = Date.now() + seconds * 1000;
      setResendAt(at);
      writeResendAt(email, at);
    },
    [email],
  );

  const finish = useCallback(
    (message: string) => {
      writeResendAt(email, null);
      notify.success(message);
      redirectToDashboard();
    },
    [email, redirectToDashboard],
  );

  const send = useCallback(async () => {
    setSending(true);
    clearErrors("code");
    try {
      const body = await api.post(apiPath(onboardingApi.sendVerificationEmail), { lang: locale }, sentSchema);
      const seconds = body.resendAfterSeconds;
      startCountdown(seconds && seconds > 0 ? seconds : RESEND_SECONDS);
      reset({ code: "" });
      notify.success(t("sent", { email }));
      setRefocus((count) => count + 1);
    } catch (error) {
      if (!isApiProblem(error) || error.status === 0) return void notify.error(te("network"));
      // The client has already refreshed, and on failure ended the session with its own toast.
      if (error.status === 401) return;
      if (error.status === 409) return finish(t("alreadyVerified"));
      if (error.status === 429) {
        // A code went out recently (another tab or device): count down what the API says is left.
        startCountdown(error.retryAfterSeconds ?? RESEND_SECONDS);
        notify.message(t("recentlySent"));
        return;
      }
      notify.error(apiErrorMessage(error, t("sendFailed")));
    } finally {
      setSending(false);
    }
  }, [apiErrorMessage, clearErrors, email, finish, locale, reset, startCountdown, t, te]);

  // On opening: send a code, or resume the countdown of the one sent in the last 10
  // minutes. The ref keeps React's development double effect from mailing two codes.
  const opened = useRef(false);
  useEffect(() => {
    if (!email || opened.current) return;
    opened.current = true;
    const stored = readResendAt(email);
    if (stored) setResendAt(stored);
    else void send();
  }, [email, send]);

  /**
   * A failure says why beside the boxes, empties them and puts the focus back on the first. The
   * error keeps the API's error code, put into words while rendering so it follows a switch of
   * the language.
   */
  const refuse = (code: string) => {
    reset({ code: "" });
    setError("code", { type: "failure", message: code });
    setRefocus((count) => count + 1);
  };

  const verify = handleSubmit(
    async ({ code }) => {
      setVerifying(true);
      try {
        await api.post(apiPath(onboardingApi.verifyEmailCode), { code, lang: locale });
        finish(t("verified"));
      } catch (error) {
        if (!isApiProblem(error) || error.status === 0) {
          // Nothing was checked: the code stays for another try.
          notify.error(te("network"));
          return setError("code", { type: "failure", message: "" });
        }
        if (error.status === 409) return finish(t("alreadyVerified"));
        if (error.status === 401) return;
        if (applyFieldIssues(error, ["code"], setError)) return;
        // CODE_INVALID, CODE_EXPIRED and CODE_ATTEMPTS_EXCEEDED have their own texts in ApiErrors.
        const code = apiFailureKey(error);
        notify.error(apiFailureMessage(code, t("verifyFailed")));
        refuse(code);
      } finally {
        setVerifying(false);
      }
    },
    // An incomplete code keeps what was typed; the focus goes to the first box.
    () => codeRef.current?.focusFirst(),
  );

  // A failed call's error is its API error code ("" when no answer came); the schema's messages
  // are keys of Validation.
  const codeError = formState.errors.code;
  const error =
    codeError?.type === "failure"
      ? codeError.message
        ? apiFailureMessage(codeError.message, t("verifyFailed"))
        : te("network")
      : validationMessage(codeError?.message);

  return (
    <form className="space-y-4" noValidate onSubmit={verify}>
      <p className="text-slate-700">
        {t.rich("sentTo", {
          email,
          address: () => (
            <strong className="font-semibold break-words text-slate-900">{breakableAddress(email)}</strong>
          ),
        })}
      </p>
      <p id="verify-email-code-label" className="font-medium text-slate-800">
        {t("codeLabel")}
      </p>
      <CodeField
        control={control}
        codeRef={codeRef}
        labelId="verify-email-code-label"
        errorId="verify-email-error"
        error={error}
        disabled={busy}
        onEdit={() => {
          if (error) clearErrors("code");
        }}
      />
      <p className="text-sm text-slate-700">{t("validity")}</p>
      <StepSubmit
        disabled={busy}
        loading={verifying}
        redirecting={redirecting}
        redirectingText={t("redirecting")}
      >
        {verifying ? t("verifying") : t("verify")}
      </StepSubmit>
      <div className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <p>{t("spamHint")}</p>
        <button
          type="button"
          className={`${linkClass} disabled:cursor-not-allowed disabled:text-slate-600 disabled:no-underline`}
          disabled={secondsLeft > 0 || busy}
          aria-busy={sending}
          onClick={() => void send()}
        >
          {sending
            ? t("sending")
            : secondsLeft > 0
              ? t("resendIn", { time: minutesAndSeconds(secondsLeft) })
              : t("resend")}
        </button>
      </div>
    </form>
  );
}
