"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { PasswordField } from "@/components/auth/password-field";
import { useApiErrorMessage, useValidationMessage } from "@/components/auth/use-api-error-message";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { confirmIdentitySchema } from "@/components/profile/profile-schemas.lazy";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ApiProblem, applyFieldIssues } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import type { ConfirmIdentityInput } from "@/lib/schemas/account";

/**
 * The dialog that asks for the password again (and the second factor's code when it is on)
 * before an export or a deletion. A refused field's error stands beside it and takes the focus;
 * any other refusal is a toast. The dialog cannot be dismissed while its call runs.
 */
export function IdentityDialog({
  id,
  title,
  description,
  submitLabel,
  submittingLabel,
  failedLabel,
  variant = "primary",
  twoFactor,
  onConfirm,
  onClose,
}: {
  id: string;
  title: string;
  description: ReactNode;
  submitLabel: string;
  submittingLabel: string;
  failedLabel: string;
  variant?: "primary" | "danger";
  twoFactor: boolean;
  /** Sends the values; throws what the API answered when it refused them. */
  onConfirm: (values: ConfirmIdentityInput) => Promise<void>;
  onClose: () => void;
}) {
  const t = useTranslations("ProfilePrivacy");
  const validationMessage = useValidationMessage();
  const apiErrorMessage = useApiErrorMessage();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm<ConfirmIdentityInput>(confirmIdentitySchema, {
    defaultValues: { currentPassword: "", code: twoFactor ? "" : undefined },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onConfirm({ currentPassword: values.currentPassword, code: twoFactor ? values.code : undefined });
    } catch (error) {
      const problem = error instanceof ApiProblem && error.status > 0 ? error : null;
      if (problem && applyFieldIssues(problem, ["currentPassword", "code"], setError)) return;
      notify.error(problem ? apiErrorMessage(problem, failedLabel) : failedLabel);
    }
  });

  return (
    <Dialog title={title} description={description} onClose={onClose} dismissible={!isSubmitting}>
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <Field
          id={`${id}-password`}
          label={t("currentPassword")}
          error={validationMessage(errors.currentPassword?.message)}
          required
        >
          {(control) => (
            <PasswordField {...control} autoComplete="current-password" {...register("currentPassword")} />
          )}
        </Field>
        {twoFactor && (
          <Field id={`${id}-code`} label={t("code")} error={validationMessage(errors.code?.message)} required>
            {(control) => (
              <Input {...control} {...register("code")} autoComplete="one-time-code" maxLength={64} />
            )}
          </Field>
        )}
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t("cancel")}
          </Button>
          <Button type="submit" variant={variant} loading={isSubmitting}>
            {isSubmitting ? submittingLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
