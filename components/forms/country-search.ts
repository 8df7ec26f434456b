import type { Country } from "react-phone-number-input";
import { getCountryCallingCode } from "react-phone-number-input/min";

export type CountryOption = { code: Country; name: string; callingCode: string; searchText: string };

/** Case- and accent-insensitive, so 'osterreich' finds Österreich. */
const fold = (value: string) => value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The phone input's options as the list shows them: countries only, with calling code. */
export function countryOptions(
  options: { value?: Country; label: string; divider?: boolean }[],
): CountryOption[] {
  return options.flatMap((option) => {
    if (!option.value || option.divider) return [];
    const callingCode = `+${getCountryCallingCode(option.value)}`;
    const searchText = fold(`${option.label} ${option.value} ${callingCode}`);
    return [{ code: option.value, name: option.label, callingCode, searchText }];
  });
}

/** A country matches by name, code or calling code ('49', '+49' and '0049' find Germany). */
export function matchesCountry(
  option: Pick<CountryOption, "searchText" | "callingCode">,
  query: string,
): boolean {
  const folded = fold(query.trim());
  if (!folded) return true;
  if (option.searchText.includes(folded)) return true;
  const digits = folded.replace(/^(\+|00)/, "");
  return /^\d+$/.test(digits) && option.callingCode.slice(1).startsWith(digits);
}
