"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { primaryButtonClass } from "@/components/ui/styles";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import type { ApiErrorInfo } from "@/lib/api/problem";
import { ApiProblem, applyFieldIssues } from "@/lib/api/problem";
import { REDIRECT_DELAY_MS } from "@/lib/constants";
import { notify } from "@/lib/notify";
import { resetRequestFormSchema } from "./auth-schemas.lazy";
import { useApiErrorMessage, useValidationMessage } from "./use-api-error-message";

type PasswordResetRequestValues = { email: string };

/** A 429, the RATE_LIMITED code or a message naming the rate limit all mean "wait". */
function isRateLimited(error: ApiErrorInfo): boolean {
  return error.status === 429 || error.code === "RATE_LIMITED" || /rate limit/i.test(error.message);
}

/**
 * /password-reset. The answer is the same for known and unknown emails, so nobody learns from it
 * who has an account: success shows one uniform text, and every outcome goes back to /login
 * after 1.5 s.
 */
export function PasswordResetRequestForm() {
  const t = useTranslations("PasswordReset");
  const locale = useLocale();
  const router = useRouter();
  const apiErrorMessage = useApiErrorMessage();
  const validationMessage = useValidationMessage();
  const redirectTimer = useRef<number | undefined>(undefined);
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm<PasswordResetRequestValues>(resetRequestFormSchema, {
    mode: "onTouched",
    defaultValues: { email: "" },
  });

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      // Asked without a session: a 401 would be an answer, not an expiry.
      await api.post(apiPath(authApi.requestPasswordReset), { email, lang: locale }, undefined, {
        anonymous: true,
      });
      notify.success(t("done"));
    } catch (error) {
      const problem = error instanceof ApiProblem && error.status > 0 ? error : null;
      // A refused address stays on the page beside its field, to be corrected.
      if (problem && applyFieldIssues(problem, ["email"], setError)) return;
      if (!problem) notify.error(t("failed"));
      else notify.error(isRateLimited(problem) ? t("rateLimited") : apiErrorMessage(problem, t("failed")));
    }
    // The button stays disabled until the page changes, so a second click cannot send again.
    setLeaving(true);
    redirectTimer.current = window.setTimeout(
      () => router.replace("/login"),
      REDIRECT_DELAY_MS.afterPasswordResetRequest,
    );
  });

  const emailError = validationMessage(errors.email?.message);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id="password-reset-email" label={t("email")} error={emailError}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            required
            {...register("email")}
          />
        )}
      </Field>
      <button
        type="submit"
        className={primaryButtonClass}
        disabled={isSubmitting || leaving}
        aria-busy={isSubmitting}
      >
        {isSubmitting ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
