"use client";

import { PhoneField, type PhoneFieldProps, type PhoneValue } from "@/components/forms/phone-field";
import { Field } from "@/components/ui/field";
// Countries and calling codes without the phone library, which loads only when the field is used:
// these run at render time and at the form's check.
import {
  callingCodeOf,
  countryOfInternational,
  DEFAULT_COUNTRY,
  isPhoneCountry,
} from "@/lib/phone-countries";

/** Spaces, dashes, dots and brackets a typed number may have. */
const compactPhone = (number: string) => number.replace(/[\s\-./()]/g, "");

/**
 * Profile phones go out in international format. The phone field already holds E.164; a number
 * typed without a + (a stored value from before, a draft, or typed before the phone library had
 * loaded) gets the country's calling code and loses a leading 0; spaces and dashes go. The shared
 * schema then checks the result (lib/schemas/profile.ts).
 */
export function toInternationalPhone({ country, number }: PhoneValue): string {
  const compact = compactPhone(number);
  if (!compact) return "";
  if (compact.startsWith("+")) return compact;
  if (compact.startsWith("00")) return `+${compact.slice(2)}`;
  return `${callingCodeOf(country) ?? "+"}${compact.replace(/^0/, "")}`;
}

/**
 * A stored (international) number for the form: the country of its calling code picked and the
 * number in E.164. The phone field, once loaded, shows it in the country's own format (no
 * "+43 664 …" beside "Austria") and picks the exact country where several share a calling code.
 */
export function fromInternationalPhone(value: string): PhoneValue {
  const compact = compactPhone(value);
  const country = /^\+\d+$/.test(compact) ? countryOfInternational(compact) : undefined;
  if (country) return { country, number: compact };
  return { country: DEFAULT_COUNTRY, number: value };
}

export const emptyPhone = (): PhoneValue => ({ country: DEFAULT_COUNTRY, number: "" });

export const isCountryCode = (value: unknown): value is PhoneValue["country"] => isPhoneCountry(value);

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
