"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { useApiErrorMessage, useApiFailureMessage } from "@/components/auth/use-api-error-message";
import { textOr } from "@/components/i18n/dynamic-text";
import { type ApiErrorInfo, isApiProblem } from "@/lib/api/problem";

/**
 * useApiErrorMessage for the admin screens, which carry AdminApiErrors too: a failed call's text
 * in the page's language, its reason's (AdminApiErrors, else ApiErrors) where the API named one,
 * else its code's, else `fallback`.
 */
export function useAdminApiErrorMessage() {
  const tAdmin = useTranslations("AdminApiErrors");
  const apiErrorMessage = useApiErrorMessage();
  return useCallback(
    (error: ApiErrorInfo, fallback: string) => {
      const general = apiErrorMessage(error, fallback);
      return error.reason ? textOr(tAdmin, error.reason, general, error.values) : general;
    },
    [apiErrorMessage, tAdmin],
  );
}

/**
 * One message for a failed admin call, in the page's language: the refusal's own text where the
 * API named its reason (a duplicate permission, a user that may not be deleted; AdminApiErrors,
 * else ApiErrors), otherwise a known code's translation, the API's sentence, 'HTTP {status}', or
 * the network text.
 */
export function useAdminErrorText() {
  const t = useTranslations("AdminArea.common");
  const adminApiErrorMessage = useAdminApiErrorMessage();
  return useCallback(
    (error: ApiErrorInfo) => {
      if (error.code === "NETWORK") return t("networkError");
      if (error.code === "INVALID_RESPONSE") return t("invalidResponse");
      const fromServer = !error.code.startsWith("HTTP_") && error.message ? error.message : undefined;
      return adminApiErrorMessage(error, fromServer ?? error.message);
    },
    [adminApiErrorMessage, t],
  );
}

/**
 * The text of a failed admin call where the API answered with its error shape (its reason's or
 * its code's, as useAdminErrorText words it), else `fallback`: no answer at all, or a status
 * without the shape.
 */
export function useAdminRefusalOr() {
  const errorText = useAdminErrorText();
  return useCallback(
    (error: unknown, fallback: string) =>
      isApiProblem(error) && error.serverMessage !== undefined ? errorText(error) : fallback,
    [errorText],
  );
}

/**
 * The text of a failure an admin form keeps as its key (`apiFailureKey`): AdminApiErrors', else
 * ApiErrors', else `fallback`. Read while rendering, it follows a switch of the language.
 */
export function useAdminFailureMessage() {
  const tAdmin = useTranslations("AdminApiErrors");
  const apiFailureMessage = useApiFailureMessage();
  return useCallback(
    (key: string, fallback: string) =>
      key ? textOr(tAdmin, key, apiFailureMessage(key, fallback)) : fallback,
    [apiFailureMessage, tAdmin],
  );
}
