"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { ApiErrorInfo } from "@/lib/api/problem";
import { useAdminErrorText } from "../shared/use-admin-error-text";

/**
 * Why a partner programme call failed, in the page's language: the API's refusal where it named
 * its reason (only super admins manage shop keys and commissions), a 403 without one an admin who
 * is not a super admin, anything else the admin cards' text.
 */
export function usePartnerFailure() {
  const t = useTranslations("AdminPartner");
  const errorText = useAdminErrorText();
  return useCallback(
    (error: ApiErrorInfo) => (error.status === 403 && !error.reason ? t("forbidden") : errorText(error)),
    [errorText, t],
  );
}
