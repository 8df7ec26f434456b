"use client";

import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from "libphonenumber-js/min";
import { PhoneField, type PhoneFieldProps, type PhoneValue } from "@/components/forms/phone-field";
import { Field } from "@/components/ui/field";
// From the rules alone: "@/lib/phone" carries the full metadata (number patterns, ≈ 50 KiB
// compressed) that only the API needs.
import { DEFAULT_COUNTRY } from "@/lib/phone-rules";

/**
 * Profile phones go out in international format. The phone field already holds E.164; a number
 * typed without a + (a stored value from before, a draft) gets the country's calling code and
 * loses a leading 0; spaces and dashes go. The shared schema then checks the result
 * (lib/schemas/profile.ts).
 */
export function toInternationalPhone({ country, number }: PhoneValue): string {
  const compact = number.replace(/[\s\-./()]/g, "");
  if (!compact) return "";
  if (compact.startsWith("+")) return compact;
  if (compact.startsWith("00")) return `+${compact.slice(2)}`;
  return `+${getCountryCallingCode(country)}${compact.replace(/^0/, "")}`;
}

/**
 * A stored (international) number for the form: its country picked and the number in E.164,
 * which the phone field shows in the country's own format (no "+43 664 …" beside "Austria").
 */
export function fromInternationalPhone(value: string): PhoneValue {
  const parsed = parsePhoneNumberFromString(value);
  if (parsed?.country) return { country: parsed.country, number: parsed.number };
  return { country: DEFAULT_COUNTRY, number: value };
}

export const emptyPhone = (): PhoneValue => ({ country: DEFAULT_COUNTRY, number: "" });

export const isCountryCode = (value: unknown): value is PhoneValue["country"] =>
  typeof value === "string" && (getCountries() as string[]).includes(value);

/** A profile phone: the shared phone field (searchable country, our own flags), optional or required. */
export function ProfilePhoneField({
  id,
  required = false,
  error,
  ...phone
}: Omit<PhoneFieldProps, "control" | "detecting"> & { id: string; required?: boolean; error?: string }) {
  return (
    <Field id={id} label={phone.label} required={required} error={error}>
      {(control) => <PhoneField {...phone} control={control} />}
    </Field>
  );
}
