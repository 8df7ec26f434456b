/**
 * The session storage key of the detected country: one lookup a visit. In a module of its own
 * because the logout's cleanup (on every page) needs the key, and the detection module would
 * bring the phone metadata and zod with it.
 */
export const COUNTRY_CACHE_KEY = "geoCountryCode";
