"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { useLazyResolver } from "@/components/forms/use-schema-form";
import { textOr } from "@/components/i18n/dynamic-text";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { apiPath } from "@/lib/api/endpoint";
import { partnerApi } from "@/lib/api/partner";
import { type ApiLoad, applyFieldIssues, isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import type { CommissionPlan, commissionPlanResultSchema as PlanResultSchema } from "@/lib/schemas/partner";
import { commissionPlanResultSchema, planResolver } from "../admin-schemas.lazy";
import { AdminCard, LoadingNote } from "../shared/admin-card";
import { useAdminDay } from "../shared/use-admin-date";
import { useRefreshableCard } from "../shared/use-refreshable";
import { formFieldOf, PLAN_API_FIELDS, type PlanFormValues, planFormValues } from "./plan-values";
import { usePartnerFailure } from "./use-partner-failure";

type PlanResult = z.infer<typeof PlanResultSchema>;

/** The decimal mark of the page's language: "12,5" in German, "12.5" in English. */
function useDecimalMark() {
  const locale = useLocale();
  return useMemo(
    () =>
      new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".",
    [locale],
  );
}

/**
 * The commission plan in force (the server loaded it; a failed load is retried in place), whether
 * one was ever set, and the form that changes it.
 */
export function CommissionPlanSection({ initial }: { initial: ApiLoad<PlanResult> }) {
  const t = useTranslations("AdminPartner");
  const failureText = usePartnerFailure();
  const day = useAdminDay();
  const plan = useRefreshableCard(
    apiPath(partnerApi.commissionPlan),
    commissionPlanResultSchema,
    initial,
    (reason) => t("plan.loadFailed", { reason }),
    failureText,
  );
  const updated = day(plan.data?.updatedAt);
  return (
    <AdminCard
      headingId="commission-plan-heading"
      heading={t("plan.heading")}
      hint={t("plan.hint")}
      loading={plan.loading}
      failure={plan.failure}
    >
      <LoadingNote loading={plan.loading} text={t("loading")} />
      {plan.data && (
        <>
          {updated ? (
            <p className="mt-3 text-sm text-slate-700">{t("plan.updatedAt", { date: updated.text })}</p>
          ) : (
            <p className="mt-3 rounded-lg bg-amber-50 p-3 font-medium text-amber-900">{t("plan.notSet")}</p>
          )}
          <CommissionPlanForm plan={plan.data} onSaved={(saved) => plan.setData(saved)} />
        </>
      )}
    </AdminCard>
  );
}

/**
 * The plan's three fields as the admin types them (percent with either decimal mark, the minimum
 * in euros), read into the API's units without floating-point sums and checked with the API's
 * own schema. The API's field issues land on their fields; anything else above the button.
 */
function CommissionPlanForm({
  plan,
  onSaved,
}: {
  plan: CommissionPlan;
  onSaved: (saved: PlanResult) => void;
}) {
  const t = useTranslations("AdminPartner");
  const tErrors = useTranslations("AdminPartner.errors");
  const failureText = usePartnerFailure();
  const decimalMark = useDecimalMark();
  // Also on the inputs themselves, so that the first HTML carries them (without it the fields
  // would be empty until the script runs).
  const [defaults] = useState(() => planFormValues(plan, decimalMark));
  const resolver = useLazyResolver(planResolver);
  const form = useForm<PlanFormValues, unknown, CommissionPlan>({ resolver, defaultValues: defaults });
  const { register, formState } = form;

  /** The messages are keys; a field whose key is unknown gets the field's own word. */
  const errorOf = (name: keyof PlanFormValues) => {
    const message = formState.errors[name]?.message;
    if (!message) return undefined;
    return textOr(tErrors, message, tErrors(name));
  };

  const send = async (data: CommissionPlan) => {
    try {
      const saved = await api.put(apiPath(partnerApi.saveCommissionPlan), data, commissionPlanResultSchema);
      form.reset(planFormValues(saved, decimalMark));
      onSaved(saved);
      notify.success(t("plan.saved"));
    } catch (error) {
      if (isApiProblem(error) && error.status === 401) return;
      if (
        isApiProblem(error) &&
        applyFieldIssues(error, PLAN_API_FIELDS, (name, issue, options) =>
          form.setError(formFieldOf(name), issue, options),
        )
      )
        return;
      const fallback = t("plan.failed");
      const detail = isApiProblem(error) ? failureText(error) : "";
      form.setError("root", { type: "server", message: detail ? `${fallback} ${detail}` : fallback });
    }
  };

  const percentField = (name: "personalPercent" | "companyPercent") => (
    <Field label={t(`plan.${name}`)} hint={t("plan.percentHint")} error={errorOf(name)} required>
      {(control) => (
        <Input
          {...control}
          {...register(name)}
          defaultValue={defaults[name]}
          type="text"
          inputMode="decimal"
          autoComplete="off"
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={form.handleSubmit(send)} noValidate className="mt-4 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {percentField("personalPercent")}
        {percentField("companyPercent")}
        <Field
          label={t("plan.minimumOrder")}
          hint={t("plan.minimumHint")}
          error={errorOf("minimumOrder")}
          required
        >
          {(control) => (
            <Input
              {...control}
              {...register("minimumOrder")}
              defaultValue={defaults.minimumOrder}
              type="text"
              inputMode="decimal"
              autoComplete="off"
            />
          )}
        </Field>
      </div>
      <FormAlert message={formState.errors.root?.message} />
      <div className="flex justify-end">
        <Button type="submit" size="sm" loading={formState.isSubmitting}>
          {formState.isSubmitting ? t("plan.saving") : t("plan.save")}
        </Button>
      </div>
    </form>
  );
}
