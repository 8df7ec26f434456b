"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/components/api/client";
import { apiFailureKey, useApiFailureMessage } from "@/components/auth/use-api-error-message";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import {
  notificationSettingsResponseSchema,
  notificationSettingsSchema,
} from "@/components/profile/profile-schemas.lazy";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { accountApi } from "@/lib/api/account";
import { apiPath } from "@/lib/api/endpoint";
import { notify } from "@/lib/notify";
import type { NotificationSettings } from "@/lib/schemas/account-notifications";

const CHOICES = [
  { name: "referralRegistrations", label: "registrations", hint: "registrationsHint" },
  { name: "referralApprovals", label: "approvals", hint: "approvalsHint" },
] as const;

/**
 * Two checkboxes and a save button. The saved choices come back from the API and become the
 * form's new starting point. A failure stays beside the button, kept as the API's error code so
 * its text follows a switch of the language; success is confirmed by a toast.
 */
export function NotificationsForm({ initial }: { initial: NotificationSettings }) {
  const t = useTranslations("ProfileNotifications");
  const failureMessage = useApiFailureMessage();
  // null: no failure shown; "" a failure without an API answer; else the API's error code.
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useSchemaForm<NotificationSettings>(notificationSettingsSchema, {
    defaultValues: initial,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await api.put(
        apiPath(accountApi.saveNotifications),
        values,
        notificationSettingsResponseSchema,
      );
      reset(saved.notifications);
    } catch (error) {
      setFailure(apiFailureKey(error));
      return;
    }
    notify.success(t("saved"));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <fieldset className="space-y-4">
        <legend className="font-semibold text-slate-900">{t("legend")}</legend>
        {CHOICES.map(({ name, label, hint }) => (
          <div key={name} className="flex items-start gap-3">
            <input
              id={`notifications-${name}`}
              type="checkbox"
              aria-describedby={`notifications-${name}-hint`}
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
              {...register(name)}
            />
            <div>
              <label htmlFor={`notifications-${name}`} className="text-slate-900">
                {t(label)}
              </label>
              <p id={`notifications-${name}-hint`} className="text-sm text-slate-600">
                {t(hint)}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <p className="text-sm text-slate-700">{t("alwaysSent")}</p>
      <FormAlert message={failure === null ? null : failureMessage(failure, t("failed"))} />
      <Button type="submit" loading={isSubmitting}>
        {isSubmitting ? t("saving") : t("save")}
      </Button>
    </form>
  );
}
