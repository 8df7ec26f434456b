"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useRef, useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { buttonClass } from "@/components/ui/button";
import { FormField, inputClass } from "@/components/ui/form-field";
import { readApiError } from "@/lib/api-error";
import { notify } from "@/lib/notify";
import { rejectUserSchema } from "@/lib/schemas/admin";
import { sectionClass, sectionHeadingClass } from "./user-detail-sections";

const REJECT_STEPS = rejectUserSchema.shape.step.options;
type RejectStep = (typeof REJECT_STEPS)[number];

/** Sends the user back to redo one onboarding step, with the reason they will read. */
export function RejectForm({ userId, done, onDone }: { userId: string; done: boolean; onDone: () => void }) {
  const t = useTranslations("AdminUser");
  const { apiFetch } = useAuth();
  const apiErrorMessage = useApiErrorMessage();
  const [step, setStep] = useState<RejectStep>("documents");
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || done) return;
    // The same schema the API checks the request with (lib/schemas/admin.ts).
    const parsed = rejectUserSchema.safeParse({ step, reason });
    if (!parsed.success) {
      setReasonError(t("reject.reasonRequired"));
      reasonRef.current?.focus();
      return;
    }
    setReasonError(undefined);
    setSubmitting(true);
    try {
      const response = await apiFetch(`/api/admin/reject-user/${encodeURIComponent(userId)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(parsed.data),
      });
      if (!response.ok) {
        notify.error(apiErrorMessage(await readApiError(response), t("reject.failed")));
        return;
      }
      notify.success(t("reject.success"));
      onDone();
    } catch {
      notify.error(t("reject.failed"));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section aria-labelledby="reject-heading" className={sectionClass}>
      <h2 id="reject-heading" className={sectionHeadingClass}>
        {t("reject.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("reject.hint")}</p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <FormField id="reject-step" label={t("reject.step")}>
          <select
            id="reject-step"
            value={step}
            onChange={(event) => setStep(event.target.value as RejectStep)}
            disabled={submitting || done}
            className={inputClass}
          >
            {REJECT_STEPS.map((option) => (
              <option key={option} value={option}>
                {t(`reject.steps.${option}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id="reject-reason"
          label={t("reject.reason")}
          error={reasonError}
          hint={t("reject.reasonHint")}
        >
          <textarea
            ref={reasonRef}
            id="reject-reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            maxLength={1000}
            rows={4}
            disabled={submitting || done}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? "reject-reason-hint reject-reason-error" : "reject-reason-hint"}
            className={inputClass}
          />
        </FormField>
        <button
          type="submit"
          className={buttonClass({ variant: "danger" })}
          aria-disabled={submitting || done}
        >
          {submitting ? t("reject.submitting") : t("reject.submit")}
        </button>
      </form>
    </section>
  );
}
