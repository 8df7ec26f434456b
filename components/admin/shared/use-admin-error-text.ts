"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { textOr } from "@/components/i18n/dynamic-text";
import type { ApiErrorInfo } from "@/lib/api/problem";

/**
 * One message for a failed admin call, in the page's language: the refusal's own text where the
 * API named its reason (a duplicate permission, a user that may not be deleted; AdminApiErrors,
 * else ApiErrors), otherwise a known code's translation, the API's sentence, 'HTTP {status}', or
 * the network text.
 */
export function useAdminErrorText() {
  const t = useTranslations("AdminArea.common");
  const tAdmin = useTranslations("AdminApiErrors");
  const apiErrorMessage = useApiErrorMessage();
  return useCallback(
    (error: ApiErrorInfo) => {
      if (error.code === "NETWORK") return t("networkError");
      if (error.code === "INVALID_RESPONSE") return t("invalidResponse");
      const fromServer = !error.code.startsWith("HTTP_") && error.message ? error.message : undefined;
      const general = apiErrorMessage(error, fromServer ?? error.message);
      return error.reason ? textOr(tAdmin, error.reason, general, error.values) : general;
    },
    [apiErrorMessage, t, tAdmin],
  );
}
