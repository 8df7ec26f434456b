"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useForm, useWatch } from "react-hook-form";
import { api } from "@/components/api/client";
import { ApiProblem, applyFieldIssues } from "@/components/api/problem";
import { PasswordChecklist } from "@/components/auth/password-checklist";
import { PasswordField } from "@/components/auth/password-field";
import { useApiErrorMessage, useValidationMessage } from "@/components/auth/use-api-error-message";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { notify } from "@/lib/notify";
import { type ChangePasswordFormValues, changePasswordFormSchema } from "@/lib/schemas/account-security";

const IDS = {
  currentPassword: "security-current-password",
  newPassword: "security-new-password",
  confirmPassword: "security-confirm-password",
} as const;

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;

/**
 * Change the password with the current one. A wrong current password lands on its field; every
 * other browser is signed out by the API, this one stays, and the list of sessions is reloaded.
 */
export function ChangePasswordForm() {
  const t = useTranslations("ProfileSecurity.password");
  const router = useRouter();
  const apiErrorMessage = useApiErrorMessage();
  const validationMessage = useValidationMessage();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const newPassword = useWatch({ control, name: "newPassword" });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword: password }) => {
    try {
      await api.post("/api/auth/change-password", { currentPassword, newPassword: password });
    } catch (error) {
      const problem = error instanceof ApiProblem && error.status > 0 ? error : null;
      if (problem && applyFieldIssues(problem, ["currentPassword", "newPassword"], setError)) return;
      notify.error(problem ? apiErrorMessage(problem, t("failed")) : t("failed"));
      return;
    }
    reset();
    notify.success(t("success"));
    router.refresh();
  });

  const error = (field: keyof ChangePasswordFormValues) => validationMessage(errors[field]?.message);
  const currentError = error("currentPassword");
  const newError = error("newPassword");
  const confirmError = error("confirmPassword");

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="security-password-heading" className="space-y-4">
      <div>
        <h3 id="security-password-heading" className="font-semibold text-slate-900">
          {t("heading")}
        </h3>
        <p className="mt-1 text-sm text-slate-700">{t("description")}</p>
      </div>
      <FormField id={IDS.currentPassword} label={t("currentPassword")} error={currentError}>
        <PasswordField
          id={IDS.currentPassword}
          autoComplete="current-password"
          required
          aria-invalid={currentError ? true : undefined}
          aria-describedby={describedBy(currentError && `${IDS.currentPassword}-error`)}
          {...register("currentPassword")}
        />
      </FormField>
      <FormField
        id={IDS.newPassword}
        label={t("newPassword")}
        error={newError}
        hint={<PasswordChecklist password={newPassword} />}
      >
        <PasswordField
          id={IDS.newPassword}
          autoComplete="new-password"
          required
          aria-invalid={newError ? true : undefined}
          aria-describedby={describedBy(`${IDS.newPassword}-hint`, newError && `${IDS.newPassword}-error`)}
          {...register("newPassword")}
        />
      </FormField>
      <FormField id={IDS.confirmPassword} label={t("confirmPassword")} error={confirmError}>
        <PasswordField
          id={IDS.confirmPassword}
          autoComplete="new-password"
          required
          aria-invalid={confirmError ? true : undefined}
          aria-describedby={describedBy(confirmError && `${IDS.confirmPassword}-error`)}
          {...register("confirmPassword")}
        />
      </FormField>
      <Button type="submit" loading={isSubmitting}>
        {isSubmitting ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
