"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import type { ApiErrorInfo } from "@/lib/api/problem";

/**
 * One message for a failed admin call: the server's own sentence where it explains a refusal
 * (a duplicate permission, a user that may not be deleted), otherwise a known code's
 * translation, 'HTTP {status}', or the network text.
 */
export function useAdminErrorText() {
  const t = useTranslations("AdminArea.common");
  const apiErrorMessage = useApiErrorMessage();
  return useCallback(
    (error: ApiErrorInfo) => {
      if (error.code === "NETWORK") return t("networkError");
      if (error.code === "INVALID_RESPONSE") return t("invalidResponse");
      const fromServer = !error.code.startsWith("HTTP_") && error.message ? error.message : undefined;
      if ([403, 409, 422].includes(error.status) && fromServer) return fromServer;
      return apiErrorMessage(error, fromServer ?? error.message);
    },
    [apiErrorMessage, t],
  );
}
