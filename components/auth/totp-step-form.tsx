"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { isApiProblem } from "@/components/api/problem";
import { Button } from "@/components/ui/button";
import { FormField, inputClass, linkClass } from "@/components/ui/form-field";
import { notify } from "@/lib/notify";
import { browserSessionSchema } from "@/lib/schemas/auth";
import { useAuth } from "./auth-provider";
import { useApiErrorMessage, useValidationMessage } from "./use-api-error-message";

/**
 * The second sign-in step of an account with two-factor sign-in on: a code of the authenticator
 * app (one field the phone's keyboard and password managers know: one-time-code, numeric), or a
 * recovery code. A challenge that has expired sends the member back to the first step.
 */
export function TotpStepForm({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const t = useTranslations("TwoFactorLogin");
  const tl = useTranslations("Login");
  const router = useRouter();
  const { signIn } = useAuth();
  const apiErrorMessage = useApiErrorMessage();
  const validationMessage = useValidationMessage();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const fieldId = `totp-code-${id}`;

  // The field takes the focus when the step opens (and after a switch, in the switch's handler).
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = recovery ? code.trim() : code.replace(/\s+/g, "");
    if (!recovery && !/^\d{6}$/.test(value)) {
      setError(validationMessage("codeIncomplete") ?? null);
      inputRef.current?.focus();
      return;
    }
    if (recovery && !value) {
      setError(validationMessage("secondFactorCodeRequired") ?? null);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      // Nobody is signed in yet: a 401 here is the answer "start again", not an expired session.
      const session = await api.post(
        "/api/auth/login/totp",
        { challenge, code: value },
        browserSessionSchema,
        { anonymous: true },
      );
      signIn(session);
      notify.success(tl("success"));
      router.replace("/dashboard");
      router.refresh();
    } catch (problem) {
      setSubmitting(false);
      if (isApiProblem(problem) && problem.code === "TWO_FACTOR_CHALLENGE_INVALID") {
        notify.error(t("expired"));
        onRestart();
        return;
      }
      const message =
        isApiProblem(problem) && problem.status > 0 ? apiErrorMessage(problem, tl("failed")) : tl("failed");
      setError(message);
      notify.error(message);
      setCode("");
      inputRef.current?.focus();
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`} className="text-lg font-semibold text-slate-900">
        {t("title")}
      </h2>
      <p className="text-slate-700">{recovery ? t("introRecovery") : t("intro")}</p>
      <FormField
        id={fieldId}
        label={recovery ? t("recoveryLabel") : t("codeLabel")}
        error={error ?? undefined}
      >
        <input
          ref={inputRef}
          id={fieldId}
          name={recovery ? "recovery-code" : "totp-code"}
          type="text"
          className={`${inputClass} font-mono tracking-widest`}
          autoComplete={recovery ? "off" : "one-time-code"}
          inputMode={recovery ? "text" : "numeric"}
          pattern={recovery ? undefined : "[0-9 ]*"}
          maxLength={recovery ? 64 : 7}
          spellCheck={false}
          autoCapitalize={recovery ? "characters" : "off"}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
        />
      </FormField>
      <Button type="submit" block loading={submitting}>
        {submitting ? t("submitting") : t("submit")}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className={linkClass}
          onClick={() => {
            setRecovery((current) => !current);
            setCode("");
            setError(null);
            // The same field changes its kind: the focus goes back to it.
            inputRef.current?.focus();
          }}
        >
          {recovery ? t("useApp") : t("useRecovery")}
        </button>
        <button type="button" className={linkClass} onClick={onRestart}>
          {t("back")}
        </button>
      </div>
    </form>
  );
}
