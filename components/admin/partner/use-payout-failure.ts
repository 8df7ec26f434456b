"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { ApiErrorInfo } from "@/lib/api/problem";
import { usePartnerFailure } from "./use-partner-failure";

/** The payout API's own refusals, each with its text under ApiErrors. */
const PAYOUT_CODES = ["NOTHING_TO_PAY", "PAYOUTS_NOT_CONFIGURED", "PAYOUT_NOT_OPEN"] as const;
type PayoutCode = (typeof PAYOUT_CODES)[number];
const isPayoutCode = (code: string): code is PayoutCode => (PAYOUT_CODES as readonly string[]).includes(code);

/**
 * Why a payout call failed, in the page's language: the refusal's own text where the API named
 * its reason (a run executed or cancelled already), else the payout codes' words (nothing owed,
 * payouts not configured, a run no longer open); anything else as the other partner programme
 * cards say it.
 */
export function usePayoutFailure() {
  const t = useTranslations("ApiErrors");
  const partnerFailure = usePartnerFailure();
  return useCallback(
    (error: ApiErrorInfo) =>
      isPayoutCode(error.code) && !error.reason ? t(error.code) : partnerFailure(error),
    [partnerFailure, t],
  );
}
