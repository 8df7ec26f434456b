// The answer shapes live with the other shared schemas, where the web tier reads them too.
export {
  type ProfileView,
  profileResponseSchema,
  profileSavedResponseSchema,
} from "../../../lib/schemas/profile-view";

/**
 * The IBAN as the API shows it: country and check digits, then the last 4 characters, e.g.
 * 'DE89 •••• •••• •••• 3000'. The middle is always three groups, so even the length stays
 * hidden. Nobody gets the full IBAN back through the API, the owner included: the page only
 * needs to recognise the account, and the form asks for the IBAN again instead of prefilling it.
 */
export function maskIban(iban: string | null): string | null {
  if (!iban) return null;
  return `${iban.slice(0, 4)} •••• •••• •••• ${iban.slice(-4)}`;
}
