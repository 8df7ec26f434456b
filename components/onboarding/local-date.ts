/** The member's own calendar date, `days` from today, as YYYY-MM-DD (what a date input holds). */
export function localDate(days = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * An ID document's expiry must be after today. The API's today is the UTC date, so the earliest
 * date is the later of tomorrow here and tomorrow in UTC (west of UTC in the evening, the API is
 * a day ahead); a date the form accepts is never refused for that.
 */
export function earliestExpiry(): string {
  const utcTomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  // ISO dates sort as strings: the later one comes last.
  return [localDate(1), utcTomorrow].sort()[1] ?? utcTomorrow;
}
