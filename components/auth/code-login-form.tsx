"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { textOr } from "@/components/i18n/dynamic-text";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { linkClass } from "@/components/ui/styles";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { applyFieldIssues, isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import { codeEmailFormSchema, codeFormSchema, codeSentSchema, loginAnswerSchema } from "./auth-schemas.lazy";
import { CodeField, type CodeInputHandle } from "./code-input";
import { StepActions } from "./step-actions";
import { apiFailureKey, useSignInFailureMessage, useValidationMessage } from "./use-api-error-message";
import { useCountdown } from "./use-countdown";
import { useFinishSignIn } from "./use-finish-sign-in";

/** When the API does not say how long to wait before a new code. */
const DEFAULT_RESEND_SECONDS = 60;

/**
 * Login by a one-time code: ask for a code by email, enter it in six boxes, resend later. An
 * account with two-factor sign-in on continues with the second step (`onSecondStep`).
 */
export function CodeLoginForm({ onSecondStep }: { onSecondStep: (challenge: string) => void }) {
  const t = useTranslations("CodeLogin");
  const tl = useTranslations("Login");
  const tv = useTranslations("Validation");
  const locale = useLocale();
  const finishSignIn = useFinishSignIn(onSecondStep);
  const signInFailureMessage = useSignInFailureMessage();
  const validationMessage = useValidationMessage();
  const codeRef = useRef<CodeInputHandle>(null);
  const [step, setStep] = useState<"email" | "code">("email");
  const [resendAt, setResendAt] = useState<number | null>(null);
  const secondsLeft = useCountdown(resendAt);
  const emailForm = useSchemaForm<{ email: string }>(codeEmailFormSchema, {
    defaultValues: { email: "" },
  });
  const codeForm = useSchemaForm<{ code: string }>(codeFormSchema, {
    defaultValues: { code: "" },
  });
  const [refocus, setRefocus] = useState(0);
  // Only the API call disables the boxes: a check that fails in the form keeps the focus where it is.
  const [verifying, setVerifying] = useState(false);

  // The boxes are disabled while a code is checked: focus the first once they are enabled again.
  useEffect(() => {
    if (refocus && !verifying) codeRef.current?.focusFirst();
  }, [refocus, verifying]);

  const failureMessage = (error: unknown) => signInFailureMessage(apiFailureKey(error));

  const requestCode = emailForm.handleSubmit(async ({ email }) => {
    try {
      // Nobody is signed in yet: a 401 is an answer to show, never an expired session.
      const answer = await api.post(
        apiPath(authApi.requestLoginCode),
        { email, lang: locale },
        codeSentSchema,
        {
          anonymous: true,
        },
      );
      setResendAt(Date.now() + (answer.resendAfterSeconds ?? DEFAULT_RESEND_SECONDS) * 1000);
      codeForm.reset({ code: "" });
      setStep("code");
      setRefocus((count) => count + 1);
      notify.success(t("sent"));
    } catch (error) {
      if (isApiProblem(error) && applyFieldIssues(error, ["email"], emailForm.setError)) return;
      notify.error(failureMessage(error));
    }
  });

  const verify = codeForm.handleSubmit(async ({ code }) => {
    setVerifying(true);
    try {
      const email = emailForm.getValues("email");
      const answer = await api.post(
        apiPath(authApi.verifyLoginCode),
        { email, code, lang: locale },
        loginAnswerSchema,
        { anonymous: true },
      );
      finishSignIn(answer);
    } catch (error) {
      const code = apiFailureKey(error);
      notify.error(signInFailureMessage(code));
      // A failure empties the boxes and puts the focus back on the first. The error keeps the
      // API's error code, put into words while rendering so it follows a switch of the language.
      codeForm.reset({ code: "" });
      codeForm.setError("code", { type: "server", message: code });
      setRefocus((count) => count + 1);
    } finally {
      setVerifying(false);
    }
  });

  if (step === "email") {
    const { errors, isSubmitting } = emailForm.formState;
    const emailError = validationMessage(errors.email?.message);
    return (
      <form className="space-y-4" noValidate onSubmit={requestCode}>
        <p className="text-slate-700">{t("intro")}</p>
        <Field id="code-email" label={tl("email")} error={emailError}>
          {(control) => (
            <Input {...control} type="email" autoComplete="email" {...emailForm.register("email")} />
          )}
        </Field>
        <Button type="submit" block loading={isSubmitting}>
          {isSubmitting ? t("sending") : t("sendCode")}
        </Button>
      </form>
    );
  }

  const codeError = codeForm.formState.errors.code;
  // Schema messages are keys of Validation; the API's answer is its error code.
  const codeMessage =
    codeError?.type === "server"
      ? signInFailureMessage(codeError.message ?? "")
      : codeError?.message
        ? textOr(tv, codeError.message, codeError.message)
        : undefined;
  return (
    <form className="space-y-4" noValidate onSubmit={verify}>
      <p id="code-label" className="font-medium text-slate-800">
        {t("codeLabel")} <span className="font-normal text-slate-700">({emailForm.getValues("email")})</span>
      </p>
      <CodeField
        control={codeForm.control}
        codeRef={codeRef}
        labelId="code-label"
        errorId="code-error"
        error={codeMessage}
        disabled={verifying}
      />
      <p className="text-sm text-slate-700">{t("spamHint")}</p>
      <StepActions busy={verifying} label={t("verify")} busyLabel={t("verifying")}>
        <button
          type="button"
          className={linkClass}
          disabled={secondsLeft > 0 || verifying || emailForm.formState.isSubmitting}
          onClick={() => void requestCode()}
        >
          {secondsLeft > 0 ? t("resendIn", { seconds: secondsLeft }) : t("resend")}
        </button>
        <button type="button" className={linkClass} onClick={() => setStep("email")}>
          {t("changeEmail")}
        </button>
      </StepActions>
    </form>
  );
}
