"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/components/api/client";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { linkClass, primaryButtonClass } from "@/components/ui/styles";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { applyFieldIssues, isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import { loginAnswerSchema, passwordLoginFormSchema } from "./auth-schemas.lazy";
import { PasswordField } from "./password-field";
import { apiFailureKey, useSignInFailureMessage, useValidationMessage } from "./use-api-error-message";
import { useFinishSignIn } from "./use-finish-sign-in";

type LoginValues = { email: string; password: string };
const FIELDS = ["email", "password"] as const;

/**
 * The password login: validation messages, show-password, errors inline and as a toast. An
 * account with two-factor sign-in on continues with the second step (`onSecondStep`).
 */
export function LoginForm({ onSecondStep }: { onSecondStep: (challenge: string) => void }) {
  const t = useTranslations("Login");
  const locale = useLocale();
  const finishSignIn = useFinishSignIn(onSecondStep);
  const failureMessage = useSignInFailureMessage();
  const fieldError = useValidationMessage();
  // The last submit's failure is kept as its error code and put into words while rendering, so
  // its line follows a switch of the language.
  const [failure, setFailure] = useState<string | null>(null);
  const error = failure === null ? null : failureMessage(failure);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useSchemaForm<LoginValues>(passwordLoginFormSchema, { mode: "onTouched" });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      // A 401 here is the answer "wrong email or password", not an expired session.
      const answer = await api.post(apiPath(authApi.login), { ...values, lang: locale }, loginAnswerSchema, {
        anonymous: true,
      });
      finishSignIn(answer);
    } catch (problem) {
      const known = isApiProblem(problem) && problem.status > 0;
      // Field issues of a 422 go beside their fields; anything else is the form's message.
      if (known && applyFieldIssues(problem, FIELDS, setFieldError)) return;
      const code = apiFailureKey(problem);
      setFailure(code);
      notify.error(failureMessage(code));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-describedby={error ? "login-error" : undefined}
    >
      {error && (
        <p id="login-error" role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <Field id="login-email" label={t("email")} error={fieldError(errors.email?.message)}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...register("email")} />}
      </Field>
      <Field id="login-password" label={t("password")} error={fieldError(errors.password?.message)}>
        {(control) => (
          <PasswordField {...control} autoComplete="current-password" {...register("password")} />
        )}
      </Field>
      <div className="text-right text-sm">
        <Link href="/password-reset" className={linkClass}>
          {t("forgotPassword")}
        </Link>
      </div>
      <button type="submit" className={primaryButtonClass} disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
