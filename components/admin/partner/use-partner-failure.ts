"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { ApiErrorInfo } from "@/lib/api/problem";
import { useAdminErrorText } from "../shared/use-admin-error-text";

/**
 * Why a partner programme call failed, in the page's language: a 403 is an admin who is not a
 * super admin (the API's own sentence would be English), anything else the admin cards' text.
 */
export function usePartnerFailure() {
  const t = useTranslations("AdminPartner");
  const errorText = useAdminErrorText();
  return useCallback(
    (error: ApiErrorInfo) => (error.status === 403 ? t("forbidden") : errorText(error)),
    [errorText, t],
  );
}
