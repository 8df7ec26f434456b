import { isValidIBAN } from "ibantools";

/** IBAN with spaces removed and upper-cased, as stored. */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/**
 * ISO 13616 check through ibantools: a country that issues IBANs, that country's exact length and
 * account format, and the mod-97 checksum. A checksum alone accepts made-up country codes and
 * German IBANs of any length.
 */
export function isValidIban(value: string): boolean {
  return isValidIBAN(normalizeIban(value));
}
