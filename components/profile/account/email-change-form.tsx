"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { PasswordField } from "@/components/auth/password-field";
import { useApiErrorMessage, useValidationMessage } from "@/components/auth/use-api-error-message";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import {
  emailChangeConfirmSchema,
  emailChangedSchema,
  emailChangeSchema,
} from "@/components/profile/profile-schemas.lazy";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { accountApi } from "@/lib/api/account";
import { apiPath } from "@/lib/api/endpoint";
import { ApiProblem, applyFieldIssues } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import type {
  emailChangeConfirmSchema as EmailChangeConfirmSchema,
  EmailChangeInput,
} from "@/lib/schemas/account";
import { PanelHeading } from "../security/panel-heading";

type ConfirmValues = z.input<typeof EmailChangeConfirmSchema>;

/**
 * The login email and its change: the new address with the password (and the second factor's
 * code when it is on) sends a code to that address; the code entered here makes it the login
 * email. While a change is under way the pending address and the code field are shown, and the
 * member may start over with another address. Errors stand beside their fields, which take the
 * focus; a refused call without a field says why in a toast.
 */
export function EmailChangeForm({
  pendingEmail: initialPending,
  twoFactor,
}: {
  pendingEmail: string | null;
  twoFactor: boolean;
}) {
  const t = useTranslations("ProfileAccount.email");
  const router = useRouter();
  const apiErrorMessage = useApiErrorMessage();
  const validationMessage = useValidationMessage();
  const [pending, setPending] = useState(initialPending);
  const [askingAnew, setAskingAnew] = useState(false);
  const request = useSchemaForm<EmailChangeInput>(emailChangeSchema, {
    defaultValues: { newEmail: "", currentPassword: "", code: twoFactor ? "" : undefined },
  });
  const confirm = useSchemaForm<ConfirmValues>(emailChangeConfirmSchema, {
    defaultValues: { code: "" },
  });

  const failed = (error: unknown) => {
    const problem = error instanceof ApiProblem && error.status > 0 ? error : null;
    notify.error(problem ? apiErrorMessage(problem, t("failed")) : t("failed"));
  };

  const onRequest = request.handleSubmit(async (values) => {
    try {
      await api.post(apiPath(accountApi.changeEmail), {
        ...values,
        code: twoFactor ? values.code : undefined,
      });
    } catch (error) {
      if (
        error instanceof ApiProblem &&
        applyFieldIssues(error, ["newEmail", "currentPassword", "code"], request.setError)
      )
        return;
      failed(error);
      return;
    }
    notify.success(t("sent", { email: values.newEmail }));
    request.reset();
    confirm.reset();
    setPending(values.newEmail);
    setAskingAnew(false);
  });

  const onConfirm = confirm.handleSubmit(async (values) => {
    let email: string;
    try {
      ({ email } = await api.post(apiPath(accountApi.confirmEmail), values, emailChangedSchema));
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 400) {
        confirm.setError(
          "code",
          { type: "server", message: apiErrorMessage(error, t("failed")) },
          { shouldFocus: true },
        );
        return;
      }
      failed(error);
      return;
    }
    notify.success(t("changed", { email }));
    setPending(null);
    router.refresh();
  });

  const showRequest = !pending || askingAnew;
  const { errors: requestErrors, isSubmitting: requesting } = request.formState;
  const { errors: confirmErrors, isSubmitting: confirming } = confirm.formState;

  return (
    <section aria-labelledby="account-email-heading" className="space-y-4">
      <PanelHeading id="account-email-heading" title={t("heading")} description={t("description")} />
      {pending && (
        <form onSubmit={onConfirm} noValidate className="space-y-3 rounded-xl bg-brand-50 p-4">
          <p className="font-medium text-slate-900" data-testid="pending-email">
            {t("pending", { email: pending })}
          </p>
          <Field
            id="account-email-confirm-code"
            label={t("confirmCode")}
            hint={t("pendingHint", { email: pending })}
            error={validationMessage(confirmErrors.code?.message)}
            required
          >
            {(control) => (
              <Input
                {...control}
                {...confirm.register("code")}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={12}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={confirming}>
              {confirming ? t("confirming") : t("confirm")}
            </Button>
            {!askingAnew && (
              <Button type="button" variant="secondary" onClick={() => setAskingAnew(true)}>
                {t("startOver")}
              </Button>
            )}
          </div>
        </form>
      )}
      {showRequest && (
        <form onSubmit={onRequest} noValidate className="space-y-3" aria-labelledby="account-email-heading">
          <Field
            id="account-new-email"
            label={t("newEmail")}
            error={validationMessage(requestErrors.newEmail?.message)}
            required
          >
            {(control) => (
              <Input {...control} {...request.register("newEmail")} type="email" autoComplete="email" />
            )}
          </Field>
          <Field
            id="account-email-password"
            label={t("currentPassword")}
            error={validationMessage(requestErrors.currentPassword?.message)}
            required
          >
            {(control) => (
              <PasswordField
                {...control}
                autoComplete="current-password"
                {...request.register("currentPassword")}
              />
            )}
          </Field>
          {twoFactor && (
            <Field
              id="account-email-second-factor"
              label={t("code")}
              error={validationMessage(requestErrors.code?.message)}
              required
            >
              {(control) => (
                <Input
                  {...control}
                  {...request.register("code")}
                  autoComplete="one-time-code"
                  maxLength={64}
                />
              )}
            </Field>
          )}
          <Button type="submit" loading={requesting}>
            {requesting ? t("submitting") : t("submit")}
          </Button>
        </form>
      )}
    </section>
  );
}
