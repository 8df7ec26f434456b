import type { PhoneValue } from "@/components/forms/phone-field";
import { fromInternationalPhone, isCountryCode } from "./profile-phone-field";

/** A profile form's values: text fields as typed, phones with their country. */
export type ProfileValues = Record<string, string | PhoneValue>;

const isPhoneValue = (value: unknown): value is PhoneValue =>
  typeof value === "object" &&
  value !== null &&
  isCountryCode((value as PhoneValue).country) &&
  typeof (value as PhoneValue).number === "string";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * The saved profile (GET /api/profile, camelCase) as form values, for the fields the form has.
 * Fields in `skip` stay empty: the API masks the IBAN, and a mask must never be sent back.
 */
export function fromSavedProfile<T extends ProfileValues>(
  defaults: T,
  profile: Record<string, unknown> | null,
  skip: readonly (keyof T)[],
): Partial<T> {
  const values: Record<string, string | PhoneValue> = {};
  if (!profile) return values as Partial<T>;
  for (const [name, initial] of Object.entries(defaults)) {
    const saved = profile[name];
    if (skip.includes(name) || saved === null || saved === undefined || saved === "") continue;
    if (typeof initial === "string") {
      if (typeof saved === "number") values[name] = String(saved);
      // Dates may come as timestamps; a date input holds YYYY-MM-DD.
      else if (typeof saved === "string") values[name] = ISO_DATE.test(saved) ? saved.slice(0, 10) : saved;
    } else if (typeof saved === "string") {
      values[name] = fromInternationalPhone(saved);
    }
  }
  return values as Partial<T>;
}

// The draft: what was typed, per user, in this browser. Never the IBAN.

export function readDraft<T extends ProfileValues>(
  key: string,
  defaults: T,
  skip: readonly (keyof T)[],
): Partial<T> {
  let raw: unknown = null;
  try {
    raw = JSON.parse(window.localStorage.getItem(key) ?? "null");
  } catch {
    return {};
  }
  if (typeof raw !== "object" || raw === null) return {};
  const values: Record<string, string | PhoneValue> = {};
  for (const [name, initial] of Object.entries(defaults)) {
    const value = (raw as Record<string, unknown>)[name];
    if (skip.includes(name)) continue;
    if (typeof initial === "string" ? typeof value === "string" : isPhoneValue(value)) {
      values[name] = value as string | PhoneValue;
    }
  }
  return values as Partial<T>;
}

export function writeDraft(key: string, values: Record<string, unknown>, skip: readonly string[]) {
  const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !skip.includes(name)));
  try {
    window.localStorage.setItem(key, JSON.stringify(kept));
  } catch {
    // Storage full or unavailable: the form works without a draft.
  }
}

export function clearDraft(key: string) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored then.
  }
}
