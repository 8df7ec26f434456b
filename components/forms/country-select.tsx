"use client";

import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { Country } from "react-phone-number-input";
import { Input } from "@/components/ui/input";
import { CountryButtonFace, countryButtonClass } from "./country-button";
import { CountryFlag } from "./country-flag";
import { countryOptions, matchesCountry, type CountryOption as Option } from "./country-search";

/** What the phone input hands its country select (react-phone-number-input's contract). */
export type CountrySelectProps = {
  value?: Country;
  onChange: (country?: Country) => void;
  options: { value?: Country; label: string; divider?: boolean }[];
  disabled?: boolean;
  readOnly?: boolean;
  /** Ours, through `countrySelectProps`: the button's name, texts, and the number input it serves. */
  buttonLabel: (country: { name: string; callingCode: string } | null) => string;
  searchLabel: string;
  listLabel: string;
  noResults: string;
  numberInputId: string;
  describedBy?: string;
};

/** The list is at most 260 px tall, and its search waits 100 ms after the last key. */
const LIST_MAX_HEIGHT_PX = 260;
const SEARCH_DEBOUNCE_MS = 100;

/**
 * A searchable country select: a combobox button opens a search box over a listbox of
 * countries; the arrows move, Enter chooses, Escape closes, and focus returns to the button.
 */
export function CountrySelect({
  value,
  onChange,
  options,
  disabled,
  readOnly,
  buttonLabel,
  searchLabel,
  listLabel,
  noResults,
  numberInputId,
  describedBy,
}: CountrySelectProps) {
  const baseId = useId();
  const listboxId = `${baseId}-countries`;
  const optionId = (code: string) => `${baseId}-option-${code}`;
  const countries = useMemo(() => countryOptions(options), [options]);
  const [open, setOpen] = useState(false);
  /** What is typed, and what the list is filtered by (the same, a moment later). */
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [activeIndex, setActiveIndex] = useState(0);
  const searchTimer = useRef<number | undefined>(undefined);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const filtered = useMemo(
    () => countries.filter((option) => matchesCountry(option, query)),
    [countries, query],
  );
  const selected = countries.find((option) => option.code === value);
  const active = filtered[activeIndex];
  const locked = disabled || readOnly;

  useEffect(() => () => window.clearTimeout(searchTimer.current), []);
  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);
  // Keep the active option in view while the arrows move through the list.
  useEffect(() => {
    if (open && active) document.getElementById(optionId(active.code))?.scrollIntoView({ block: "nearest" });
  });

  const closeList = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  // A click outside closes the list without choosing.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) closeList(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, closeList]);

  const openList = () => {
    if (locked) return;
    window.clearTimeout(searchTimer.current);
    setSearch("");
    setQuery("");
    setActiveIndex(
      Math.max(
        0,
        countries.findIndex((option) => option.code === value),
      ),
    );
    setOpen(true);
  };

  const choose = (option: Option) => {
    onChange(option.code);
    closeList(true);
  };

  const onSearchChange = (next: string) => {
    setSearch(next);
    window.clearTimeout(searchTimer.current);
    searchTimer.current = window.setTimeout(() => {
      setQuery(next);
      setActiveIndex(0);
    }, SEARCH_DEBOUNCE_MS);
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = Math.max(filtered.length - 1, 0);
    const move = (index: number) => {
      event.preventDefault();
      setActiveIndex(Math.min(Math.max(index, 0), last));
    };
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + 10,
      PageUp: activeIndex - 10,
    };
    if (event.key in moves) return move(moves[event.key] ?? 0);
    if (event.key === "Enter") {
      event.preventDefault();
      // Typed faster than the debounce: choose from what is typed, not the older list.
      const pick = search === query ? active : countries.find((option) => matchesCountry(option, search));
      if (pick) choose(pick);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      closeList(true);
    } else if (event.key === "Tab") {
      // The popover goes away with the focus in it: continue from the field it belongs to.
      event.preventDefault();
      closeList(false);
      if (event.shiftKey) buttonRef.current?.focus();
      else document.getElementById(numberInputId)?.focus();
    }
  };

  return (
    <div ref={wrapperRef} className="static">
      <button
        ref={buttonRef}
        type="button"
        role="combobox"
        aria-label={buttonLabel(selected ?? null)}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={() => (open ? closeList(false) : openList())}
        onKeyDown={(event) => {
          if (!open && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
            event.preventDefault();
            openList();
          }
        }}
        className={countryButtonClass}
      >
        <CountryButtonFace country={value} callingCode={selected?.callingCode} />
      </button>
      {open && (
        <div className="absolute inset-x-0 top-full z-20 mt-1 rounded-lg border border-slate-300 bg-white p-2 shadow-lg">
          <Input
            ref={searchRef}
            type="search"
            role="combobox"
            aria-label={searchLabel}
            aria-autocomplete="list"
            aria-expanded="true"
            aria-controls={listboxId}
            aria-activedescendant={active ? optionId(active.code) : undefined}
            autoComplete="off"
            placeholder={searchLabel}
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            onKeyDown={onSearchKeyDown}
          />
          <div
            id={listboxId}
            role="listbox"
            aria-label={listLabel}
            tabIndex={-1}
            // Clicks (an option, the scrollbar) leave the focus in the search combobox.
            onMouseDown={(event) => event.preventDefault()}
            style={{ maxHeight: LIST_MAX_HEIGHT_PX }}
            className="mt-2 overflow-y-auto overscroll-contain"
          >
            {filtered.map((option, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys work in the search combobox, which points at the active option (aria-activedescendant); options never take focus.
              <div
                key={option.code}
                id={optionId(option.code)}
                role="option"
                tabIndex={-1}
                // The option the arrows are on is the selected one; the current country is
                // named by the button and shown here in bold.
                aria-selected={index === activeIndex}
                data-current={option.code === value || undefined}
                onPointerMove={() => setActiveIndex(index)}
                onClick={() => choose(option)}
                className="flex cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-1.5 text-slate-900 aria-selected:bg-brand-50 aria-selected:outline-1 aria-selected:outline-brand-700 data-current:font-semibold"
              >
                <span className="flex items-center gap-2">
                  <CountryFlag country={option.code} lazy />
                  {option.name}
                </span>
                <span className="shrink-0 text-slate-700">{option.callingCode}</span>
              </div>
            ))}
          </div>
          {filtered.length === 0 && (
            <p role="status" className="px-2 py-1.5 text-sm text-slate-700">
              {noResults}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
