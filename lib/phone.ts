import metadata from "libphonenumber-js/max/metadata";
import { createPhoneNormalizer } from "./phone-rules";

/** The phone rules with the full metadata (number patterns too): what the API stores. */
export const normalizePhone = createPhoneNormalizer(metadata);
