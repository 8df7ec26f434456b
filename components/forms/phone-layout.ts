import type { useTranslations } from "next-intl";
import type { Ref } from "react";
import { inputClass } from "@/components/ui/styles";

// What the phone field's stand-in (phone-field.tsx) and the real field (phone-input.tsx, loaded on
// use) both render, in a module of its own so the lazily loaded one does not import its loader.

// The layout both render, so nothing moves when the real field replaces the stand-in.
export const PHONE_CONTAINER_CLASS = "relative flex items-stretch gap-2";
export const phoneNumberClass = `${inputClass} min-w-0 flex-1`;
export const PHONE_MAX_LENGTH = 40;

/** The country button's name: "Phone number: country Austria (+43)". */
export function countryButtonLabel(
  t: ReturnType<typeof useTranslations<"Register.phone">>,
  field: string,
  country: { name: string; callingCode: string } | null,
) {
  return country
    ? t("countryButton", { field, country: country.name, code: country.callingCode })
    : t("countryButtonEmpty", { field });
}

/** Hands the number input to the form's ref as well (a callback or an object), beside the field's own. */
export function passInputRef(inputRef: Ref<HTMLInputElement> | undefined, element: HTMLInputElement | null) {
  if (typeof inputRef === "function") inputRef(element);
  else if (inputRef) inputRef.current = element;
}
