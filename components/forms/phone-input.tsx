"use client";

import { useLocale, useTranslations } from "next-intl";
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import type { Labels } from "react-phone-number-input";
import PhoneInput, { getCountries } from "react-phone-number-input/min";
import { FLAG_URL } from "./country-flag";
import { CountrySelect, type CountrySelectProps } from "./country-select";
import type { PhoneHandoff, PhoneValue, ShownPhoneFieldProps } from "./phone-field";
import {
  countryButtonLabel,
  PHONE_CONTAINER_CLASS,
  PHONE_MAX_LENGTH,
  passInputRef,
  phoneNumberClass,
} from "./phone-layout";

// The phone field with react-phone-number-input and its country data: loaded when the page is
// first used (phone-field.tsx shows a stand-in until then), so it is not part of a page's first load.

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

/** Sets an input's text the way typing does, so React and the input's own handler see a change. */
function typeInto(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, text);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * react-phone-number-input on the small metadata (it formats as you type and accepts +, 00 and
 * national numbers), with our searchable country select and flags from our own assets.
 * `value.number` is E.164 (or a partial one while incomplete), '' when empty. It takes over from
 * the stand-in with what was done there (`handoff`): the typed text, the focus, a press on the
 * country button.
 */
export function PhoneInputField({
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  control,
  describedBy,
  countryDescribedBy,
  disabled = false,
  autoComplete = "tel",
  handoff,
}: ShownPhoneFieldProps & { handoff: PhoneHandoff }) {
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
  // Text typed into the stand-in is in the form as typed, not as E.164: the input starts empty, is
  // given that text once it is in the page (below), and follows the form again once the library
  // has reported what it made of it.
  const [replaying, setReplaying] = useState(() => Boolean(handoff.typed));
  const numberInput = useRef<HTMLInputElement | null>(null);

  useLayoutEffect(() => {
    const { typed, focus, open } = handoff;
    Object.assign(handoff, { typed: null, focus: null, open: false } satisfies PhoneHandoff);
    const input = numberInput.current;
    if (!input) return;
    if (typed) {
      // As if pasted: the library formats it, takes the country of a "+41 …" and reports E.164.
      typeInto(input, typed);
    }
    const button = input.parentElement?.querySelector("button");
    if (focus === "number") {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    } else if (focus === "country" || open) {
      button?.focus();
    }
    // The country button was pressed before the list could open: open it now.
    if (open) button?.click();
  }, [handoff]);

  const selectProps: Omit<CountrySelectProps, "value" | "onChange" | "options"> = {
    buttonLabel: (country) => countryButtonLabel(t, label, country),
    searchLabel: t("search"),
    listLabel: t("countries"),
    noResults: t("noResults"),
    numberInputId: control.id,
    describedBy: countryDescribedBy,
  };

  return (
    <PhoneInput
      {...control}
      aria-describedby={describedBy}
      // The library hands its `ref` to the number input (an `inputRef` prop would be overwritten);
      // its types name a component instead.
      ref={
        ((element: HTMLInputElement | null) => {
          numberInput.current = element;
          passInputRef(inputRef, element);
        }) as never
      }
      value={replaying ? undefined : value.number || undefined}
      defaultCountry={value.country}
      // A saved number of the chosen country shows in that country's own format, not as
      // "+43 664 …" beside a country button that already says +43.
      initialValueFormat="national"
      onChange={(number) => {
        setReplaying(false);
        change({ number: number ?? "" });
      }}
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
      maxLength={PHONE_MAX_LENGTH}
      className={PHONE_CONTAINER_CLASS}
      numberInputProps={{ className: phoneNumberClass }}
    />
  );
}
