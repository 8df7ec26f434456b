"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { api } from "@/components/api/client";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { textOr } from "@/components/i18n/dynamic-text";
import { Field } from "@/components/ui/field";
import { linkClass, primaryButtonClass } from "@/components/ui/styles";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import type { ApiErrorInfo } from "@/lib/api/problem";
import { ApiProblem, applyFieldIssues } from "@/lib/api/problem";
import { REDIRECT_DELAY_MS } from "@/lib/constants";
import { notify } from "@/lib/notify";
import { checkPassword, isResetTokenShape } from "@/lib/password-policy";
import { newPasswordFormSchema } from "./auth-schemas.lazy";
import { PasswordChecklist } from "./password-checklist";
import { PasswordField } from "./password-field";
import { useApiErrorMessage, useValidationMessage } from "./use-api-error-message";

type NewPasswordValues = { newPassword: string; confirmPassword: string };

const NEW_PASSWORD_ID = "password-reset-new";
const CONFIRM_PASSWORD_ID = "password-reset-confirm";

/** A reset link that cannot be used (missing, invalid or expired), with the ways on. */
export function ResetLinkProblem({ message }: { message: string }) {
  const t = useTranslations("PasswordResetSet");
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
        {message}
      </p>
      <div className="flex flex-col gap-3 text-sm sm:flex-row sm:justify-between">
        <Link href="/password-reset" className={linkClass}>
          {t("requestNew")}
        </Link>
        <Link href="/login" className={linkClass}>
          {t("backToLogin")}
        </Link>
      </div>
    </div>
  );
}

type LinkStatus =
  | { kind: "checking" }
  | { kind: "invalid" }
  /** The check itself failed (network or a 5xx): `error` is null for a network failure. */
  | { kind: "unavailable"; error: ApiErrorInfo | null }
  | { kind: "valid" };

/**
 * /password-reset-set: verify the link first, then ask for the new password.
 * The token goes only to the two reset calls; it is never stored or logged.
 */
export function PasswordResetSetForm({ token }: { token: string }) {
  const t = useTranslations("PasswordResetSet");
  const tErrors = useTranslations("Errors");
  const apiErrorMessage = useApiErrorMessage();
  const [status, setStatus] = useState<LinkStatus>({ kind: "checking" });

  // Depends on the token only: a language switch re-renders but must not re-check the link
  // (that would unmount the form and drop what the user typed).
  const verify = useCallback(
    async (signal?: AbortSignal) => {
      // A token of the wrong shape can never be valid; the API would answer 422 anyway.
      if (!isResetTokenShape(token)) {
        setStatus({ kind: "invalid" });
        return;
      }
      setStatus({ kind: "checking" });
      try {
        await api.get(apiPath(authApi.verifyPasswordReset, { token }), undefined, {
          signal,
          anonymous: true,
        });
        setStatus({ kind: "valid" });
      } catch (error) {
        if (signal?.aborted) return;
        const problem = error instanceof ApiProblem ? error : ApiProblem.network();
        // No answer or a 5xx says nothing about the link: offer a retry instead of calling it invalid.
        if (problem.status === 0) setStatus({ kind: "unavailable", error: null });
        else if (problem.status >= 500) setStatus({ kind: "unavailable", error: problem });
        else setStatus({ kind: "invalid" });
      }
    },
    [token],
  );

  useEffect(() => {
    const controller = new AbortController();
    void verify(controller.signal);
    return () => controller.abort();
  }, [verify]);

  if (status.kind === "checking") {
    return (
      <p role="status" className="text-slate-700">
        {t("checking")}
      </p>
    );
  }
  if (status.kind === "invalid") return <ResetLinkProblem message={t("invalid")} />;
  if (status.kind === "unavailable") {
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {status.error ? apiErrorMessage(status.error, tErrors("generic")) : tErrors("network")}
        </p>
        <button type="button" className={primaryButtonClass} onClick={() => void verify()}>
          {t("retry")}
        </button>
      </div>
    );
  }
  return <NewPasswordForm token={token} onTokenInvalid={() => setStatus({ kind: "invalid" })} />;
}

function NewPasswordForm({ token, onTokenInvalid }: { token: string; onTokenInvalid: () => void }) {
  const t = useTranslations("PasswordResetSet");
  const tv = useTranslations("Validation");
  const router = useRouter();
  const apiErrorMessage = useApiErrorMessage();
  const validationMessage = useValidationMessage();
  const redirectTimer = useRef<number | undefined>(undefined);
  const [confirmTyped, setConfirmTyped] = useState(false);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm<NewPasswordValues>(newPasswordFormSchema, {
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const [newPassword, confirmPassword] = useWatch({ control, name: ["newPassword", "confirmPassword"] });

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  // The submit stays disabled until every rule passes and both entries match.
  const policyMet = Object.values(checkPassword(newPassword)).every(Boolean);
  const entriesMatch = newPassword === confirmPassword;
  const canSubmit = policyMet && entriesMatch && !isSubmitting && !done;

  const onSubmit = handleSubmit(async (values) => {
    try {
      // The link is the credential here, not a session: a 401 would be an answer, not an expiry.
      await api.post(apiPath(authApi.resetPassword), { token, newPassword: values.newPassword }, undefined, {
        anonymous: true,
      });
    } catch (error) {
      const problem = error instanceof ApiProblem && error.status > 0 ? error : null;
      if (problem && applyFieldIssues(problem, ["newPassword"], setError)) return;
      notify.error(problem ? apiErrorMessage(problem, t("failed")) : t("failed"));
      if (problem?.code === "RESET_TOKEN_INVALID") onTokenInvalid();
      return;
    }
    setDone(true);
    notify.success(t("success"));
    // The same pause as after a reset request, so this toast can be read.
    redirectTimer.current = window.setTimeout(
      () => router.replace("/login"),
      REDIRECT_DELAY_MS.afterPasswordResetRequest,
    );
  });

  const newPasswordError = validationMessage(errors.newPassword?.message);
  const confirmError =
    confirmTyped && !entriesMatch
      ? tv("passwordsDoNotMatch")
      : errors.confirmPassword?.message
        ? textOr(tv, errors.confirmPassword.message, errors.confirmPassword.message)
        : undefined;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        id={NEW_PASSWORD_ID}
        label={t("newPassword")}
        error={newPasswordError}
        hint={<PasswordChecklist password={newPassword} />}
      >
        {(control) => (
          <PasswordField {...control} autoComplete="new-password" required {...register("newPassword")} />
        )}
      </Field>
      <Field id={CONFIRM_PASSWORD_ID} label={t("confirmPassword")} error={confirmError}>
        {(control) => (
          <PasswordField
            {...control}
            autoComplete="new-password"
            required
            {...register("confirmPassword", { onChange: () => setConfirmTyped(true) })}
          />
        )}
      </Field>
      <button type="submit" className={primaryButtonClass} disabled={!canSubmit} aria-busy={isSubmitting}>
        {isSubmitting ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
