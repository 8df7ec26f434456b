import type { FieldErrors, Resolver } from "react-hook-form";
import { type CommissionPlan, commissionPlanSchema } from "@/lib/schemas/partner";
import {
  eurosToCents,
  formFieldOf,
  PLAN_API_FIELDS,
  type PlanField,
  type PlanFormValues,
  percentToBasisPoints,
} from "./plan-values";

// The plan form's check with the API's own schema: loaded on use through the admin schemas
// (admin-schemas.lazy.ts), like the other admin forms' checks.

/**
 * The form's text as the plan the API takes, checked with the API's own schema; else each
 * field's message key (of AdminPartner.errors).
 */
export function readPlanForm(
  values: PlanFormValues,
): { plan: CommissionPlan } | { errors: Partial<Record<PlanField, string>> } {
  const errors: Partial<Record<PlanField, string>> = {};
  const personal = percentToBasisPoints(values.personalPercent);
  const company = percentToBasisPoints(values.companyPercent);
  const minimum = eurosToCents(values.minimumOrder);
  if (typeof personal === "string") errors.personalPercent = personal;
  if (typeof company === "string") errors.companyPercent = company;
  if (typeof minimum === "string") errors.minimumOrder = minimum;
  const parsed = commissionPlanSchema.safeParse({
    personalPercent: typeof personal === "number" ? personal / 100 : 0,
    companyPercent: typeof company === "number" ? company / 100 : 0,
    minimumOrderCents: typeof minimum === "number" ? minimum : 0,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const apiField = PLAN_API_FIELDS.find((name) => name === issue.path[0]);
      if (apiField) errors[formFieldOf(apiField)] ??= issue.message;
    }
  return parsed.success && Object.keys(errors).length === 0 ? { plan: parsed.data } : { errors };
}

/** react-hook-form's check of the plan form: readPlanForm, its keys as the fields' messages. */
export const planResolver: Resolver<PlanFormValues, unknown, CommissionPlan> = (values) => {
  const read = readPlanForm(values);
  if ("plan" in read) return { values: read.plan, errors: {} };
  const errors: FieldErrors<PlanFormValues> = {};
  for (const [field, message] of Object.entries(read.errors) as [PlanField, string][])
    errors[field] = { type: "validate", message };
  return { values: {}, errors };
};
