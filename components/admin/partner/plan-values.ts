import type { CommissionPlan } from "@/lib/schemas/partner";

// The plan form's values and their conversions, without zod: the page shows the form with these
// at once. Its check (plan-check.ts) reads them with the API's schema and is loaded on use.

/**
 * The plan form's fields as the admin types them: the rates in percent and the minimum order in
 * euros, with a point or a comma as the decimal mark ("12.5", "12,5", "10,00").
 */
export type PlanFormValues = { personalPercent: string; companyPercent: string; minimumOrder: string };
export type PlanField = keyof PlanFormValues;

/** The plan's fields as the API names them, and the form's field for each (a 422 lands there). */
export const PLAN_API_FIELDS = ["personalPercent", "companyPercent", "minimumOrderCents"] as const;
export const formFieldOf = (apiField: (typeof PLAN_API_FIELDS)[number]): PlanField =>
  apiField === "minimumOrderCents" ? "minimumOrder" : apiField;

/** More digits before the mark than any valid value has: the range check answers, not the format. */
const TOO_LONG = 15;

/**
 * A rate as typed, in basis points (12.5 % = 1250), worked out from its digits so that no
 * floating-point sum gets in between; a message key (of AdminPartner.errors) when it is none.
 */
export function percentToBasisPoints(text: string): number | string {
  const match = /^(\d+)(?:[.,](\d+))?$/.exec(text.replace(/[\s\u00a0%]/g, ""));
  if (!match) return "percentFormat";
  const [, whole = "", fraction = ""] = match;
  if (fraction.replace(/0+$/, "").length > 2) return "percentDecimals";
  if (whole.replace(/^0+/, "").length > TOO_LONG) return "percentRange";
  return Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
}

/**
 * An amount in euros as typed ("10", "10.5", "10,00", "€ 10", with thousands grouped only before
 * the other mark: "1.000,00", "1,000.00") in whole cents, from its digits (never through a
 * floating-point euro value); a message key (of AdminPartner.errors) when it is none. At most two
 * decimals: "1.000" is a thousand euros in German and one euro in English, so it is refused.
 */
export function eurosToCents(text: string): number | string {
  const compact = text.replace(/[\s\u00a0€]/g, "");
  const match =
    /^(\d+)(?:[.,](\d{1,2}))?$/.exec(compact) ??
    /^(\d{1,3}(?:\.\d{3})+),(\d{1,2})$/.exec(compact) ??
    /^(\d{1,3}(?:,\d{3})+)\.(\d{1,2})$/.exec(compact);
  if (!match) return "minimumFormat";
  const [, grouped = "", fraction = ""] = match;
  const whole = grouped.replace(/[.,]/g, "");
  if (whole.replace(/^0+/, "").length > TOO_LONG) return "minimumRange";
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** The plan as the form shows it, with the page language's decimal mark ("12,5", "10,00"). */
export function planFormValues(plan: CommissionPlan, decimalMark: string): PlanFormValues {
  const percent = (value: number) => {
    const basisPoints = Math.round(value * 100);
    const fraction = String(basisPoints % 100)
      .padStart(2, "0")
      .replace(/0+$/, "");
    return `${Math.trunc(basisPoints / 100)}${fraction ? `${decimalMark}${fraction}` : ""}`;
  };
  const cents = plan.minimumOrderCents;
  return {
    personalPercent: percent(plan.personalPercent),
    companyPercent: percent(plan.companyPercent),
    minimumOrder: `${Math.trunc(cents / 100)}${decimalMark}${String(cents % 100).padStart(2, "0")}`,
  };
}
