"use client";

import { type CountryCode, getCountries, getCountryCallingCode } from "libphonenumber-js/max";
import { useLocale, useTranslations } from "next-intl";
import {
  type KeyboardEvent,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { inputClass } from "@/components/ui/form-field";

export type PhoneValue = { country: CountryCode; number: string };

type Country = { code: CountryCode; name: string; callingCode: string; searchText: string };

/** Spec §9: the country list is at most 260 px tall and its search waits 100 ms. */
const LIST_MAX_HEIGHT_PX = 260;
const SEARCH_DEBOUNCE_MS = 100;

/** Case- and accent-insensitive, so 'osterreich' finds Österreich. */
const fold = (value: string) => value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Every country libphonenumber knows, named in the page's language; no flags, no network. */
function useCountries(locale: string): Country[] {
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
          // Some codes (e.g. AC, TA) are unknown to older ICU data: keep the code.
        }
        const callingCode = `+${getCountryCallingCode(code)}`;
        return { code, name, callingCode, searchText: fold(`${name} ${code} ${callingCode}`) };
      })
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [locale]);
}

function matches(country: Country, query: string): boolean {
  const folded = fold(query.trim());
  if (!folded) return true;
  if (country.searchText.includes(folded)) return true;
  // '49' or '0049' find +49 too.
  const digits = folded.replace(/^(\+|00)/, "");
  return /^\d+$/.test(digits) && country.callingCode.slice(1).startsWith(digits);
}

/**
 * A phone number with its country: a combobox button opens a searchable listbox of countries
 * (name and calling code), next to a tel input for the number itself.
 */
export function PhoneField({
  id,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  describedBy,
  detecting = false,
  disabled = false,
  autoComplete = "tel-national",
}: {
  /** The tel input's id; the label points at it. */
  id: string;
  label: string;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The message for this field; the form's alert announces it, so this text is not a live region. */
  error?: string;
  /** Further ids describing the number (e.g. the form's error alert). */
  describedBy?: string;
  detecting?: boolean;
  disabled?: boolean;
  autoComplete?: string;
}) {
  const t = useTranslations("Register.phone");
  const locale = useLocale();
  const countries = useCountries(locale);
  const baseId = useId();
  const listboxId = `${baseId}-countries`;
  const searchId = `${baseId}-search`;
  const detectingId = `${id}-detecting`;
  const errorId = `${id}-error`;
  const optionId = (code: string) => `${baseId}-option-${code}`;

  const [open, setOpen] = useState(false);
  /** What is typed, and what the list is filtered by (the same, 100 ms later). */
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [activeIndex, setActiveIndex] = useState(0);
  const searchTimer = useRef<number | undefined>(undefined);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const filtered = useMemo(() => countries.filter((country) => matches(country, query)), [countries, query]);
  const selected = countries.find((country) => country.code === value.country);
  const active = filtered[activeIndex];

  useEffect(() => () => window.clearTimeout(searchTimer.current), []);

  const onSearchChange = (next: string) => {
    setSearch(next);
    window.clearTimeout(searchTimer.current);
    searchTimer.current = window.setTimeout(() => {
      setQuery(next);
      // A new result list starts at its first entry.
      setActiveIndex(0);
    }, SEARCH_DEBOUNCE_MS);
  };

  const openList = useCallback(() => {
    if (disabled) return;
    window.clearTimeout(searchTimer.current);
    setSearch("");
    setQuery("");
    const index = countries.findIndex((country) => country.code === value.country);
    setActiveIndex(Math.max(0, index));
    setOpen(true);
  }, [countries, disabled, value.country]);

  const closeList = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const choose = (country: Country) => {
    onChange({ ...value, country: country.code });
    closeList(true);
  };

  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

  // Keep the active option in view while the arrows move through the list.
  useEffect(() => {
    if (!open || !active) return;
    document.getElementById(optionId(active.code))?.scrollIntoView({ block: "nearest" });
  });

  // A click outside closes the list without choosing.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) closeList(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, closeList]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter and Space open through the button's click; the arrows open it too.
    if (!open && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      openList();
    }
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = filtered.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      setActiveIndex(Math.min(Math.max(index, 0), Math.max(last, 0)));
    };
    switch (event.key) {
      case "ArrowDown":
        return move(activeIndex + 1);
      case "ArrowUp":
        return move(activeIndex - 1);
      case "PageDown":
        return move(activeIndex + 10);
      case "PageUp":
        return move(activeIndex - 10);
      case "Home":
        if (event.ctrlKey) return move(0);
        return;
      case "End":
        if (event.ctrlKey) return move(last);
        return;
      case "Enter": {
        event.preventDefault();
        // Typed faster than the debounce: choose from what is typed, not the older list.
        const pick = search === query ? active : countries.find((country) => matches(country, search));
        if (pick) choose(pick);
        return;
      }
      case "Escape":
        event.preventDefault();
        event.stopPropagation();
        closeList(true);
        return;
      case "Tab":
        // The popover goes away with the focus in it: continue from the field it belongs to.
        event.preventDefault();
        closeList(false);
        if (event.shiftKey) buttonRef.current?.focus();
        else document.getElementById(id)?.focus();
        return;
    }
  };

  const numberDescribedBy = [describedBy, error && errorId, detecting && detectingId]
    .filter(Boolean)
    .join(" ");
  const buttonLabel = selected
    ? t("countryButton", { field: label, country: selected.name, code: selected.callingCode })
    : t("countryButtonEmpty", { field: label });

  return (
    <div className="space-y-1" ref={wrapperRef}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative flex gap-2">
        <button
          ref={buttonRef}
          type="button"
          role="combobox"
          aria-label={buttonLabel}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-describedby={detecting ? detectingId : undefined}
          disabled={disabled}
          onClick={() => (open ? closeList(false) : openList())}
          onKeyDown={onButtonKeyDown}
          className="inline-flex shrink-0 items-center gap-1 rounded-lg border border-slate-400 bg-white px-3 py-2 font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:bg-slate-100"
        >
          <span>{value.country}</span>
          <span className="text-slate-700">{selected?.callingCode}</span>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 text-slate-700" fill="currentColor">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
        <input
          ref={inputRef}
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete={autoComplete}
          required
          maxLength={40}
          value={value.number}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, number: event.target.value })}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={numberDescribedBy || undefined}
          className={`${inputClass} min-w-0 flex-1`}
        />
        {open && (
          <div className="absolute inset-x-0 top-full z-20 mt-1 rounded-lg border border-slate-300 bg-white p-2 shadow-lg">
            <label htmlFor={searchId} className="sr-only">
              {t("search")}
            </label>
            <input
              ref={searchRef}
              id={searchId}
              type="search"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded="true"
              aria-controls={listboxId}
              aria-activedescendant={active ? optionId(active.code) : undefined}
              autoComplete="off"
              placeholder={t("search")}
              value={search}
              onChange={(event) => onSearchChange(event.target.value)}
              onKeyDown={onSearchKeyDown}
              className={inputClass}
            />
            <div
              id={listboxId}
              role="listbox"
              aria-label={t("countries")}
              tabIndex={-1}
              // Clicks (an option, the scrollbar) leave the focus in the search combobox.
              onMouseDown={(event) => event.preventDefault()}
              style={{ maxHeight: LIST_MAX_HEIGHT_PX }}
              className="mt-2 overflow-y-auto overscroll-contain"
            >
              {filtered.map((country, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keys work in the search combobox, which points at the active option (aria-activedescendant); options never take focus.
                <div
                  key={country.code}
                  id={optionId(country.code)}
                  role="option"
                  tabIndex={-1}
                  // APG combobox: the option the arrows are on is the selected one; the current
                  // country is named by the button and marked here with a check.
                  aria-selected={index === activeIndex}
                  data-current={country.code === value.country || undefined}
                  onPointerMove={() => setActiveIndex(index)}
                  onClick={() => choose(country)}
                  className="flex cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-1.5 text-slate-900 aria-selected:bg-brand-50 aria-selected:outline-1 aria-selected:outline-brand-700 data-current:font-semibold"
                >
                  <span>
                    <span aria-hidden="true" className="inline-block w-5">
                      {country.code === value.country ? "✓" : ""}
                    </span>
                    {country.name}
                  </span>
                  <span className="shrink-0 text-slate-700">{country.callingCode}</span>
                </div>
              ))}
            </div>
            {filtered.length === 0 && (
              <p role="status" className="px-2 py-1.5 text-sm text-slate-700">
                {t("noResults")}
              </p>
            )}
          </div>
        )}
      </div>
      {detecting && (
        <p id={detectingId} className="text-sm text-slate-700">
          {t("detecting")}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
