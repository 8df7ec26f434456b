"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { textOr } from "@/components/i18n/dynamic-text";
import { type ApiErrorInfo, errorTextKey, isApiProblem } from "@/lib/api/problem";

/**
 * A failed call's text in the page's language (messages ApiErrors.*): its reason's where the API
 * named one, else its code's, else `fallback`.
 */
export function useApiErrorMessage() {
  const t = useTranslations("ApiErrors");
  return useCallback(
    (error: ApiErrorInfo, fallback: string) => textOr(t, errorTextKey(error), fallback, error.values),
    [t],
  );
}

/**
 * The text of a field's error: the shared schemas' messages (and the API's field issues made from
 * them) are keys of Validation; an API sentence that is not a key is shown as it came.
 */
export function useValidationMessage() {
  const t = useTranslations("Validation");
  return useCallback((key: string | undefined) => (key ? textOr(t, key, key) : undefined), [t]);
}

/**
 * The text key of a failed call (its reason, else its code), "" when the API gave no answer to
 * show. The forms that keep it use refusals whose texts have no placeholders.
 */
export function apiFailureKey(problem: unknown) {
  return isApiProblem(problem) && problem.status > 0 ? errorTextKey(problem) : "";
}

/**
 * The text of a failure kept as its key (`apiFailureKey`): the API error's message, else
 * `fallback`. A form keeps the key in its state and calls this while rendering, so an error on
 * screen follows a switch of the language instead of staying in the language of the submit.
 */
export function useApiFailureMessage() {
  const t = useTranslations("ApiErrors");
  return useCallback((code: string, fallback: string) => (code ? textOr(t, code, fallback) : fallback), [t]);
}

/**
 * The text of a sign-in step's failure from its key (`apiFailureKey`): the API error's
 * message, else Login's general failure. The forms keep the code and call this while rendering,
 * so a failure on screen follows a switch of the language.
 */
export function useSignInFailureMessage() {
  const failureMessage = useApiFailureMessage();
  const tl = useTranslations("Login");
  return useCallback((code: string) => failureMessage(code, tl("failed")), [failureMessage, tl]);
}
