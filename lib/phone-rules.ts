import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  type MetadataJson,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
} from "libphonenumber-js/core";
import { DEFAULT_COUNTRY } from "./phone-countries";

export type PhoneProblem = "required" | "invalidCountry" | "tooShort" | "tooLong" | "invalidNumber";
type PhoneResult = { ok: true; e164: string } | { ok: false; problem: PhoneProblem };
export type PhoneNormalizer = (raw: string, country?: string) => PhoneResult;

/**
 * The phone rules on a given metadata set: spaces, dashes, dots and brackets go; `00` becomes
 * `+`; a national number (leading 0) loses the 0 and gets the selected country's code (the
 * DE/AT/CH rule, applied to every country); a number without + or 0 is read as national too.
 * The result is E.164. The API uses the full metadata; the browser the small one, which checks
 * lengths but not number patterns, so the API may still refuse a number the form let through.
 */
export function createPhoneNormalizer(metadata: MetadataJson): PhoneNormalizer {
  return (raw, country = DEFAULT_COUNTRY) => {
    const compact = raw.replace(/[\s\-./()]/g, "");
    if (!compact) return { ok: false, problem: "required" };
    const code = country as CountryCode;
    if (!isSupportedCountry(code, metadata)) return { ok: false, problem: "invalidCountry" };
    let international: string;
    if (compact.startsWith("+")) international = compact;
    else if (compact.startsWith("00")) international = `+${compact.slice(2)}`;
    else international = `+${getCountryCallingCode(code, metadata)}${compact.replace(/^0/, "")}`;
    if (!/^\+\d+$/.test(international)) return { ok: false, problem: "invalidNumber" };

    const length = validatePhoneNumberLength(international, metadata);
    if (length === "TOO_SHORT") return { ok: false, problem: "tooShort" };
    if (length === "TOO_LONG") return { ok: false, problem: "tooLong" };
    if (length === "INVALID_COUNTRY") return { ok: false, problem: "invalidCountry" };
    try {
      const parsed = parsePhoneNumberWithError(international, metadata);
      if (!parsed.isValid()) return { ok: false, problem: "invalidNumber" };
      return { ok: true, e164: parsed.number };
    } catch {
      return { ok: false, problem: "invalidNumber" };
    }
  };
}
