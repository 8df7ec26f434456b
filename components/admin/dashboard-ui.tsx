"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { ApiProblem, isApiProblem } from "@/components/api/problem";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import type { ApiErrorInfo } from "@/lib/api-error";

/** Shared pieces of the admin screens (dashboard, user list, permissions). */

export const adminCardClass = "min-w-0 rounded-2xl bg-white p-4 shadow-xl sm:p-6";

/** A table that scrolls inside its own keyboard-reachable region at 390 px (no page scroll). */
export const adminTableRegionClass =
  "mt-4 max-w-full overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

export type LoadResult<T> = { ok: true; data: T } | { ok: false; error: ApiErrorInfo };

/** GET + schema check through the API client; a failure comes back as the ApiProblem. */
export async function loadJson<T>(path: string, schema: z.ZodType<T>): Promise<LoadResult<T>> {
  try {
    return { ok: true, data: await api.get(path, schema) };
  } catch (error) {
    return { ok: false, error: isApiProblem(error) ? error : ApiProblem.network() };
  }
}

/**
 * One message for a failed admin call. Spec §8 shows the server's message where it has one
 * (a duplicate permission, the delete rules of §6); otherwise a known code's translation,
 * 'HTTP {status}', or the network text.
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
