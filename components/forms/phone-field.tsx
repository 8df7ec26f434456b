"use client";

import { useLocale, useTranslations } from "next-intl";
import { type Ref, useLayoutEffect, useRef, useState } from "react";
import type { Country } from "react-phone-number-input";
import type { FieldControlProps } from "@/components/ui/field";
import { callingCodeOf } from "@/lib/phone-countries";
import { CountryButtonFace, countryButtonClass } from "./country-button";
import {
  countryButtonLabel,
  PHONE_CONTAINER_CLASS,
  PHONE_MAX_LENGTH,
  passInputRef,
  phoneNumberClass,
} from "./phone-layout";
import { lazy, useLoadedOnUse } from "./use-schema-form";

/** A phone number with the country it was entered for. */
export type PhoneValue = { country: Country; number: string };

/**
 * The phone field of every form: a number input beside a searchable country button with flags
 * from our own assets. `value.number` is E.164 (or a partial one while incomplete), '' when
 * empty; what was typed before the phone library arrived stays as typed until then (the shared
 * rules read both). Spread a Field's control props into `control` to wire label, hint and error.
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

/** What the stand-in and the real field render from: the descriptions worked out once. */
export type ShownPhoneFieldProps = Omit<PhoneFieldProps, "detecting"> & {
  describedBy?: string;
  countryDescribedBy?: string;
};

/**
 * What was done in the stand-in, for the real field to carry on with: the text typed (null when
 * none), which part had the focus when it left, and a press on the country button.
 */
export type PhoneHandoff = { typed: string | null; focus: "number" | "country" | null; open: boolean };

/** A country's name in the page's language from the browser's own data, its code if unknown. */
function countryName(locale: string, country: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(country) ?? country;
  } catch {
    return country;
  }
}

/**
 * react-phone-number-input with libphonenumber-js's country data is about 50 KiB of compressed
 * script: it loads when someone starts to use the page (or at once for a field that shows a saved
 * number, which it formats), not with the page.
 */
const phoneInput = lazy(() => import("./phone-input"));

export function PhoneField({ detecting = false, ...props }: PhoneFieldProps) {
  const t = useTranslations("Register.phone");
  const [startsWithNumber] = useState(() => props.value.number !== "");
  const loaded = useLoadedOnUse(phoneInput, startsWithNumber);
  const handoff = useRef<PhoneHandoff>({ typed: null, focus: null, open: false });
  const detectingId = `${props.control.id}-detecting`;
  const describedBy =
    [props.control["aria-describedby"], detecting ? detectingId : null].filter(Boolean).join(" ") ||
    undefined;
  const shown: ShownPhoneFieldProps = {
    ...props,
    describedBy,
    countryDescribedBy: detecting ? detectingId : undefined,
  };
  return (
    <>
      {loaded ? (
        <loaded.PhoneInputField {...shown} handoff={handoff.current} />
      ) : (
        <PhoneFieldStandIn {...shown} handoff={handoff.current} />
      )}
      {detecting && (
        <p id={detectingId} className="text-sm text-slate-700">
          {t("detecting")}
        </p>
      )}
    </>
  );
}

/**
 * The field until the phone library has loaded: the same layout, a country button showing the
 * current country, and a plain number input that takes typing at once (kept as typed).
 */
function PhoneFieldStandIn({
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
  const numberRef = useRef<HTMLInputElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const callingCode = callingCodeOf(value.country);

  // Layout cleanups run while the stand-in is still in the page: note where the focus was, for
  // the real field to take it over.
  useLayoutEffect(
    () => () => {
      const active = document.activeElement;
      handoff.focus =
        active === numberRef.current ? "number" : active === buttonRef.current ? "country" : null;
    },
    [handoff],
  );

  return (
    <div className={`${PHONE_CONTAINER_CLASS} PhoneInput`}>
      <div className="static">
        <button
          ref={buttonRef}
          type="button"
          role="combobox"
          aria-label={countryButtonLabel(
            t,
            label,
            callingCode ? { name: countryName(locale, value.country), callingCode } : null,
          )}
          aria-haspopup="listbox"
          aria-expanded={false}
          aria-describedby={countryDescribedBy}
          disabled={disabled}
          // The list needs the phone library: it opens when that has arrived (a press starts it).
          onClick={() => {
            handoff.open = true;
          }}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" || event.key === "ArrowUp") {
              event.preventDefault();
              handoff.open = true;
            }
          }}
          className={countryButtonClass}
        >
          <CountryButtonFace country={value.country} callingCode={callingCode} />
        </button>
      </div>
      <input
        {...control}
        aria-describedby={describedBy}
        ref={(element) => {
          numberRef.current = element;
          passInputRef(inputRef, element);
        }}
        type="tel"
        autoComplete={autoComplete}
        maxLength={PHONE_MAX_LENGTH}
        disabled={disabled}
        value={value.number}
        onChange={(event) => {
          handoff.typed = event.target.value;
          onChange({ ...value, number: event.target.value });
        }}
        onBlur={onBlur}
        className={`PhoneInputInput ${phoneNumberClass}`}
      />
    </div>
  );
}
