"use client";

import { useFormatter } from "next-intl";
import { useCallback } from "react";

/** Integer cents as euros in the page's language (€6,000.00 in English, 6.000,00 € in German). */
export function useEuros() {
  const format = useFormatter();
  return useCallback(
    (cents: number) => format.number(cents / 100, { style: "currency", currency: "EUR" }),
    [format],
  );
}

/**
 * A moment with its time (two runs may be prepared on one day), or a calendar day such as a
 * run's execution date ("2026-12-07", no time zone: read at noon UTC so it is that day
 * everywhere). Null for a missing or unreadable value; `iso` goes into <time>.
 */
export function usePayoutDates() {
  const format = useFormatter();
  const moment = useCallback(
    (value: string | null | undefined) => {
      const date = value ? new Date(value) : null;
      if (!date || Number.isNaN(date.getTime())) return null;
      return {
        text: format.dateTime(date, { dateStyle: "medium", timeStyle: "short" }),
        iso: date.toISOString(),
      };
    },
    [format],
  );
  const day = useCallback(
    (value: string | null | undefined) => {
      const date = value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : null;
      if (!date || Number.isNaN(date.getTime())) return null;
      return { text: format.dateTime(date, { dateStyle: "medium" }), iso: value as string };
    },
    [format],
  );
  return { moment, day };
}
