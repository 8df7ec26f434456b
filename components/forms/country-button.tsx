import { CountryFlag } from "./country-flag";

/**
 * The look of a phone field's country button, shared by the country select and the stand-in the
 * field shows until the phone library has loaded, so nothing moves when one replaces the other.
 */
export const countryButtonClass =
  "inline-flex h-full shrink-0 items-center gap-1.5 rounded-lg border border-slate-400 bg-white px-3 py-2 font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:bg-slate-100";

/** What the country button shows: the flag, the calling code ('+43') and the arrow. */
export function CountryButtonFace({ country, callingCode }: { country?: string; callingCode?: string }) {
  return (
    <>
      {country && <CountryFlag country={country} />}
      <span className="text-slate-700">{callingCode}</span>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 text-slate-700" fill="currentColor">
        <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
      </svg>
    </>
  );
}
