"use client";

import { useLocale, useTranslations } from "next-intl";
import { type Ref, useMemo, useRef } from "react";
import type { Country, Labels } from "react-phone-number-input";
import PhoneInput, { getCountries } from "react-phone-number-input/min";
import type { FieldControlProps } from "@/components/ui/field";
import { inputClass } from "@/components/ui/styles";
import { FLAG_URL } from "./country-flag";
import { CountrySelect, type CountrySelectProps } from "./country-select";

/** A phone number with the country it was entered for. */
export type PhoneValue = { country: Country; number: string };

/** Country names in the page's language, from the browser's own data: nothing to download. */
function useCountryLabels(locale: string): Labels {
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: "region" });
    } catch {
      names = null;
    }
    const labels: Labels = {};
    for (const code of getCountries()) {
      try {
        labels[code] = names?.of(code) ?? code;
      } catch {
        // Some codes (e.g. AC, TA) are unknown to older ICU data: keep the code.
        labels[code] = code;
      }
    }
    return labels;
  }, [locale]);
}

/**
 * The phone field of every form: react-phone-number-input on the small metadata (it formats as
 * you type and accepts +, 00 and national numbers), with our searchable country select and
 * flags from our own assets. `value.number` is E.164 (or a partial one while incomplete), ''
 * when empty. Spread a Field's control props into `control` to wire label, hint and error.
 */
export type PhoneFieldProps = {
  /** The field's label, to name the country button after it. */
  label: string;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  control: FieldControlProps;
  /** The visitor's country is still being looked up (the default may change). */
  detecting?: boolean;
  disabled?: boolean;
  autoComplete?: string;
};

export function PhoneField({
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  control,
  detecting = false,
  disabled = false,
  autoComplete = "tel",
}: PhoneFieldProps) {
  const t = useTranslations("Register.phone");
  const locale = useLocale();
  const labels = useCountryLabels(locale);
  // The input reports a typed "+41…" as a number change and a country change in one go: the
  // second must build on the first, not on the value of the last render.
  const latest = useRef(value);
  latest.current = value;
  const change = (next: Partial<PhoneValue>) => {
    latest.current = { ...latest.current, ...next };
    onChange(latest.current);
  };
  const detectingId = `${control.id}-detecting`;
  const describedBy = [control["aria-describedby"], detecting ? detectingId : null].filter(Boolean).join(" ");

  const selectProps: Omit<CountrySelectProps, "value" | "onChange" | "options"> = {
    buttonLabel: (country) =>
      country
        ? t("countryButton", { field: label, country: country.name, code: country.callingCode })
        : t("countryButtonEmpty", { field: label }),
    searchLabel: t("search"),
    listLabel: t("countries"),
    noResults: t("noResults"),
    numberInputId: control.id,
    describedBy: detecting ? detectingId : undefined,
  };

  return (
    <>
      <PhoneInput
        {...control}
        aria-describedby={describedBy || undefined}
        inputRef={inputRef}
        value={value.number || undefined}
        defaultCountry={value.country}
        // A saved number of the chosen country shows in that country's own format, not as
        // "+43 664 …" beside a country button that already says +43.
        initialValueFormat="national"
        onChange={(number) => change({ number: number ?? "" })}
        onCountryChange={(country) => {
          if (country && country !== latest.current.country) change({ country });
        }}
        onBlur={onBlur}
        labels={labels}
        flagUrl={FLAG_URL}
        addInternationalOption={false}
        countrySelectComponent={CountrySelect}
        countrySelectProps={selectProps}
        focusInputOnCountrySelection={false}
        autoComplete={autoComplete}
        disabled={disabled}
        maxLength={40}
        className="relative flex items-stretch gap-2"
        numberInputProps={{ className: `${inputClass} min-w-0 flex-1` }}
      />
      {detecting && (
        <p id={detectingId} className="text-sm text-slate-700">
          {t("detecting")}
        </p>
      )}
    </>
  );
}
