import metadata from "libphonenumber-js/min/metadata";
import { createPhoneNormalizer } from "@/lib/phone-rules";
import { profileSchemasWith } from "@/lib/schemas/profile-fields";

// The browser checks phones on the small metadata (lengths, not number patterns): the full set
// would add about 50 KiB of compressed script to the page, and the API checks on it anyway,
// its refusal landing on the field.
export const profileSchemas = profileSchemasWith(createPhoneNormalizer(metadata));
