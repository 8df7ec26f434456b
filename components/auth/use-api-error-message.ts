"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { ApiErrorInfo } from "@/lib/api-error";

/** Maps an API error code to its translated message (messages ApiErrors.*), else a fallback. */
export function useApiErrorMessage() {
  const t = useTranslations("ApiErrors");
  return useCallback(
    (error: ApiErrorInfo, fallback: string) =>
      t.has(error.code as never) ? t(error.code as never) : fallback,
    [t],
  );
}
