"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useWatch } from "react-hook-form";
import { api } from "@/components/api/client";
import { PasswordChecklist } from "@/components/auth/password-checklist";
import { PasswordField } from "@/components/auth/password-field";
import { useApiErrorMessage, useValidationMessage } from "@/components/auth/use-api-error-message";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { changePasswordFormSchema } from "@/components/profile/profile-schemas.lazy";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { ApiProblem, applyFieldIssues } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import type { ChangePasswordFormValues } from "@/lib/schemas/account-security";
import { PanelHeading } from "./panel-heading";

/** The three fields in their order; only the new password shows the rules it must meet. */
const FIELDS = [
  { name: "currentPassword", id: "security-current-password", autoComplete: "current-password" },
  { name: "newPassword", id: "security-new-password", autoComplete: "new-password" },
  { name: "confirmPassword", id: "security-confirm-password", autoComplete: "new-password" },
] as const;

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
  } = useSchemaForm<ChangePasswordFormValues>(changePasswordFormSchema, {
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const newPassword = useWatch({ control, name: "newPassword" });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword: password }) => {
    try {
      await api.post(apiPath(authApi.changePassword), { currentPassword, newPassword: password });
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

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="security-password-heading" className="space-y-4">
      <PanelHeading id="security-password-heading" title={t("heading")} description={t("description")} />
      {FIELDS.map(({ name, id, autoComplete }) => (
        <Field
          key={name}
          id={id}
          label={t(name)}
          error={validationMessage(errors[name]?.message)}
          hint={name === "newPassword" ? <PasswordChecklist password={newPassword} /> : undefined}
        >
          {(control) => (
            <PasswordField {...control} autoComplete={autoComplete} required {...register(name)} />
          )}
        </Field>
      ))}
      <Button type="submit" loading={isSubmitting}>
        {isSubmitting ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
