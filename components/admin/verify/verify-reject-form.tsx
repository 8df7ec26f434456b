"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { adminVerificationApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { applyFieldIssues, isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import type { rejectUserSchema as RejectUserSchema } from "@/lib/schemas/admin";
import { ONBOARDING_STEPS } from "@/lib/vocabulary";
import { rejectUserSchema } from "../admin-schemas.lazy";
import { useAdminApiErrorMessage } from "../shared/use-admin-error-text";
import { DetailSection } from "../shared/user-detail-sections";

type Values = z.input<typeof RejectUserSchema>;

/**
 * Sends the user back to redo one onboarding step, with the reason they will read. Checked with
 * the schema the API checks the request with; a refusal of the API lands on its field.
 */
export function RejectForm({ userId, done, onDone }: { userId: string; done: boolean; onDone: () => void }) {
  const t = useTranslations("AdminUser");
  const apiErrorMessage = useAdminApiErrorMessage();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm<Values, z.output<typeof RejectUserSchema>>(rejectUserSchema, {
    defaultValues: { step: "documents", reason: "" },
  });
  const locked = isSubmitting || done;

  const submit = handleSubmit(async (values) => {
    if (done) return;
    try {
      await api.post(apiPath(adminVerificationApi.reject, { userId }), values);
      notify.success(t("reject.success"));
      onDone();
    } catch (error) {
      if (!isApiProblem(error)) return notify.error(t("reject.failed"));
      applyFieldIssues(error, ["step", "reason"], setError);
      notify.error(
        error.code === "NETWORK" ? t("reject.failed") : apiErrorMessage(error, t("reject.failed")),
      );
    }
  });

  const reasonError = errors.reason
    ? errors.reason.type === "server"
      ? errors.reason.message
      : t("reject.reasonRequired")
    : undefined;
  return (
    <DetailSection id="reject-heading" heading={t("reject.heading")} hint={t("reject.hint")}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <Field id="reject-step" label={t("reject.step")}>
          {(control) => (
            <Select {...control} {...register("step")} disabled={locked}>
              {ONBOARDING_STEPS.map((option) => (
                <option key={option} value={option}>
                  {t(`reject.steps.${option}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id="reject-reason"
          label={t("reject.reason")}
          error={reasonError}
          hint={t("reject.reasonHint")}
        >
          {(control) => (
            <Textarea
              {...control}
              {...register("reason")}
              required
              maxLength={1000}
              rows={4}
              readOnly={locked}
            />
          )}
        </Field>
        <Button type="submit" variant="danger" loading={isSubmitting} aria-disabled={done || undefined}>
          {isSubmitting ? t("reject.submitting") : t("reject.submit")}
        </Button>
      </form>
    </DetailSection>
  );
}
