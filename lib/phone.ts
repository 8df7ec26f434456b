import metadata from "libphonenumber-js/max/metadata";
import { createPhoneNormalizer } from "./phone-rules";

export { DEFAULT_COUNTRY, type PhoneProblem, type PhoneResult } from "./phone-rules";

/** The phone rules with the full metadata (number patterns too): what the API stores. */
export const normalizePhone = createPhoneNormalizer(metadata);
