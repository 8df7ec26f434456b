"use client";

import { useFormatter } from "next-intl";
import { useCallback } from "react";

/**
 * A day as the page's language writes it (25.11.2026 in German, Nov 25, 2026 in English), or
 * null for a missing or unreadable value. The machine-readable ISO day goes into <time>.
 */
export function useAdminDay() {
  const format = useFormatter();
  return useCallback(
    (value: string | null | undefined): { text: string; iso: string } | null => {
      const date = value ? new Date(value) : null;
      if (!date || Number.isNaN(date.getTime())) return null;
      return { text: format.dateTime(date, { dateStyle: "medium" }), iso: date.toISOString().slice(0, 10) };
    },
    [format],
  );
}
