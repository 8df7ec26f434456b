"use client";

import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from "libphonenumber-js/max";
import { useLocale, useTranslations } from "next-intl";
import { type Ref, useMemo } from "react";
import type { PhoneValue } from "@/components/forms/phone-field";
import { inputClass } from "@/components/ui/form-field";
import { DEFAULT_COUNTRY } from "@/lib/phone";
import { describedBy, OnboardingField } from "./field";

/**
 * Spec §5 profile phones go out in international format: a number without a leading + gets the
 * country's calling code and loses a leading 0; spaces and dashes go. The shared schema then
 * checks the result (lib/schemas/profile.ts).
 */
export function toInternationalPhone({ country, number }: PhoneValue): string {
  const compact = number.replace(/[\s\-./()]/g, "");
  if (!compact) return "";
  if (compact.startsWith("+")) return compact;
  if (compact.startsWith("00")) return `+${compact.slice(2)}`;
  return `+${getCountryCallingCode(country)}${compact.replace(/^0/, "")}`;
}

/**
 * A stored (international) number for the form: its country picked, the number kept with its +
 * so that it goes back unchanged (a national form would lose significant leading zeros, e.g. IT).
 */
export function fromInternationalPhone(value: string): PhoneValue {
  const parsed = parsePhoneNumberFromString(value);
  if (parsed?.country) return { country: parsed.country, number: parsed.formatInternational() };
  return { country: DEFAULT_COUNTRY, number: value };
}

export const emptyPhone = (): PhoneValue => ({ country: DEFAULT_COUNTRY, number: "" });

export const isCountryCode = (value: unknown): value is CountryCode =>
  typeof value === "string" && (getCountries() as string[]).includes(value);

/** Every country libphonenumber knows, named in the page's language, with its calling code. */
function useCountryOptions(locale: string) {
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: "region" });
    } catch {
      names = null;
    }
    return getCountries()
      .map((code) => {
        let name: string = code;
        try {
          name = names?.of(code) ?? code;
        } catch {
          // Codes unknown to older ICU data (e.g. AC, TA) keep the code.
        }
        return { code, label: `${name} (+${getCountryCallingCode(code)})`, name };
      })
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [locale]);
}

/**
 * A profile phone: a native country select (accessible everywhere, small on a phone) next to
 * the number. Unlike the registration's PhoneField, it can be optional.
 */
export function ProfilePhoneField({
  id,
  label,
  required = false,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  autoComplete = "tel",
}: {
  id: string;
  label: string;
  required?: boolean;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  autoComplete?: string;
}) {
  const t = useTranslations("ProfileForm");
  const locale = useLocale();
  const countries = useCountryOptions(locale);
  return (
    <OnboardingField id={id} label={label} required={required} error={error}>
      <div className="grid gap-2 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
        <select
          aria-label={t("phoneCountry", { field: label })}
          value={value.country}
          onChange={(event) => {
            if (isCountryCode(event.target.value)) onChange({ ...value, country: event.target.value });
          }}
          className={inputClass}
        >
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.label}
            </option>
          ))}
        </select>
        <input
          ref={inputRef}
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete={autoComplete}
          required={required}
          maxLength={40}
          value={value.number}
          onChange={(event) => onChange({ ...value, number: event.target.value })}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { error: Boolean(error) })}
          className={inputClass}
        />
      </div>
    </OnboardingField>
  );
}
