"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { api } from "@/components/api/client";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { linkClass } from "@/components/ui/styles";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import { browserSessionSchema, totpAppFormSchema, totpRecoveryFormSchema } from "./auth-schemas.lazy";
import { StepActions } from "./step-actions";
import { apiFailureKey, useSignInFailureMessage, useValidationMessage } from "./use-api-error-message";
import { useFinishSignIn } from "./use-finish-sign-in";

/**
 * The second sign-in step of an account with two-factor sign-in on: a code of the authenticator
 * app (one field the phone's keyboard and password managers know: one-time-code, numeric), or a
 * recovery code. A challenge that has expired sends the member back to the first step.
 */
export function TotpStepForm({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const t = useTranslations("TwoFactorLogin");
  const finishSignIn = useFinishSignIn();
  const failureMessage = useSignInFailureMessage();
  const validationMessage = useValidationMessage();
  const [recovery, setRecovery] = useState(false);
  // The field's kind decides its check: the app's six digits, or any recovery code.
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    setValue,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useSchemaForm<{ code: string }>(recovery ? totpRecoveryFormSchema : totpAppFormSchema, {
    defaultValues: { code: "" },
  });
  // Signed in: the button stays busy while the dashboard loads, so the spent step is not sent again.
  const busy = isSubmitting || isSubmitSuccessful;
  const id = useId();
  const fieldId = `totp-code-${id}`;
  // A refused code's error holds the API's error code, put into words here so it follows a
  // switch of the language; the schema's messages are keys of Validation.
  const error =
    errors.code?.type === "server"
      ? failureMessage(errors.code.message ?? "")
      : validationMessage(errors.code?.message);

  // The field takes the focus when the step opens (and after a switch, in the switch's handler).
  useEffect(() => {
    setFocus("code");
  }, [setFocus]);

  const submit = handleSubmit(async ({ code }) => {
    try {
      // Nobody is signed in yet: a 401 here is the answer "start again", not an expired session.
      const session = await api.post(
        apiPath(authApi.loginWithTotp),
        { challenge, code },
        browserSessionSchema,
        {
          anonymous: true,
        },
      );
      finishSignIn(session);
    } catch (problem) {
      if (isApiProblem(problem) && problem.code === "TWO_FACTOR_CHALLENGE_INVALID") {
        notify.error(t("expired"));
        onRestart();
        return;
      }
      const code = apiFailureKey(problem);
      notify.error(failureMessage(code));
      setValue("code", "");
      setError("code", { type: "server", message: code }, { shouldFocus: true });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`} className="text-lg font-semibold text-slate-900">
        {t("title")}
      </h2>
      <p className="text-slate-700">{recovery ? t("introRecovery") : t("intro")}</p>
      <Field id={fieldId} label={recovery ? t("recoveryLabel") : t("codeLabel")} error={error}>
        {(control) => (
          <Input
            {...control}
            type="text"
            className="font-mono tracking-widest"
            autoComplete={recovery ? "off" : "one-time-code"}
            inputMode={recovery ? "text" : "numeric"}
            pattern={recovery ? undefined : "[0-9 ]*"}
            maxLength={recovery ? 64 : 7}
            spellCheck={false}
            autoCapitalize={recovery ? "characters" : "off"}
            {...register("code")}
          />
        )}
      </Field>
      <StepActions busy={busy} label={t("submit")} busyLabel={t("submitting")}>
        <button
          type="button"
          className={linkClass}
          onClick={() => {
            setRecovery((current) => !current);
            setValue("code", "");
            clearErrors("code");
            // The same field changes its kind: the focus goes back to it.
            setFocus("code");
          }}
        >
          {recovery ? t("useApp") : t("useRecovery")}
        </button>
        <button type="button" className={linkClass} onClick={onRestart}>
          {t("back")}
        </button>
      </StepActions>
    </form>
  );
}
