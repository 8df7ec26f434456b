import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
} from "libphonenumber-js/max";

export type PhoneProblem = "required" | "invalidCountry" | "tooShort" | "tooLong" | "invalidNumber";
export type PhoneResult = { ok: true; e164: string } | { ok: false; problem: PhoneProblem };

export const DEFAULT_COUNTRY: CountryCode = "DE";

/**
 * Spec §5 phone rules: spaces, dashes, dots and brackets go; `00` becomes `+`; a national number
 * (leading 0) loses the 0 and gets the selected country's code (the DE/AT/CH rule, applied to
 * every country); a number without + or 0 is read as national too. The result is E.164.
 */
export function normalizePhone(raw: string, country: string = DEFAULT_COUNTRY): PhoneResult {
  const compact = raw.replace(/[\s\-./()]/g, "");
  if (!compact) return { ok: false, problem: "required" };
  if (!isSupportedCountry(country)) return { ok: false, problem: "invalidCountry" };
  let international: string;
  if (compact.startsWith("+")) international = compact;
  else if (compact.startsWith("00")) international = `+${compact.slice(2)}`;
  else international = `+${getCountryCallingCode(country)}${compact.replace(/^0/, "")}`;
  if (!/^\+\d+$/.test(international)) return { ok: false, problem: "invalidNumber" };

  const length = validatePhoneNumberLength(international);
  if (length === "TOO_SHORT") return { ok: false, problem: "tooShort" };
  if (length === "TOO_LONG") return { ok: false, problem: "tooLong" };
  if (length === "INVALID_COUNTRY") return { ok: false, problem: "invalidCountry" };
  try {
    const parsed = parsePhoneNumberWithError(international);
    if (!parsed.isValid()) return { ok: false, problem: "invalidNumber" };
    return { ok: true, e164: parsed.number };
  } catch {
    return { ok: false, problem: "invalidNumber" };
  }
}
