"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { z } from "zod";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { type ApiErrorInfo, readApiError } from "@/lib/api-error";

/** Shared pieces of the admin screens (dashboard, user list, permissions). */

export const adminCardClass = "min-w-0 rounded-2xl bg-white p-4 shadow-xl sm:p-6";

/** A table that scrolls inside its own keyboard-reachable region at 390 px (no page scroll). */
export const adminTableRegionClass =
  "mt-4 max-w-full overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

export type LoadResult<T> = { ok: true; data: T } | { ok: false; error: ApiErrorInfo };

/** GET + schema check; a network failure or an unexpected body becomes an error with a message. */
export async function loadJson<T>(
  apiFetch: (path: string, init?: RequestInit) => Promise<Response>,
  path: string,
  schema: z.ZodType<T>,
): Promise<LoadResult<T>> {
  try {
    const response = await apiFetch(path, { cache: "no-store" });
    if (!response.ok) return { ok: false, error: await readApiError(response) };
    const parsed = schema.safeParse(await response.json());
    if (parsed.success) return { ok: true, data: parsed.data };
    return { ok: false, error: { status: response.status, code: "INVALID_RESPONSE", message: "" } };
  } catch {
    return { ok: false, error: { status: 0, code: "NETWORK", message: "" } };
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
