"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { ApiErrorInfo } from "@/components/api/problem";

/** Maps an API error code to its translated message (messages ApiErrors.*), else a fallback. */
export function useApiErrorMessage() {
  const t = useTranslations("ApiErrors");
  return useCallback(
    (error: ApiErrorInfo, fallback: string) =>
      t.has(error.code as never) ? t(error.code as never) : fallback,
    [t],
  );
}

/**
 * The text of a field's error: the shared schemas' messages (and the API's field issues made from
 * them) are keys of Validation; an API sentence that is not a key is shown as it came.
 */
export function useValidationMessage() {
  const t = useTranslations("Validation");
  return useCallback(
    (key: string | undefined) => (key ? (t.has(key as never) ? t(key as never) : key) : undefined),
    [t],
  );
}
