import metadata from "libphonenumber-js/min/metadata";
import type { z } from "zod";
import { createPhoneNormalizer } from "@/lib/phone-rules";
import { signContractRequestSchema } from "@/lib/schemas/contracts";
import { verifyEmailCodeSchema } from "@/lib/schemas/onboarding";
import { profileSchemasWith } from "@/lib/schemas/profile-fields";

// The onboarding steps' form checks and the answers they read, in one module the steps load
// when a form is first used or an answer comes back, so zod is not in their first load.

export {
  contractListResponseSchema,
  memberTemplatesResponseSchema,
  resignTemplatesResponseSchema,
} from "@/lib/schemas/contracts";
export { idUploadFormSchema } from "@/lib/schemas/id-upload";

export const verifyCodeFormSchema = verifyEmailCodeSchema.pick({ code: true });
export const signFormSchema = signContractRequestSchema.pick({ signatureImage: true, agreed: true });
export type SignRequest = z.output<typeof signFormSchema>;

// The browser checks phones on the small metadata (lengths, not number patterns): the full set
// would add about 50 KiB of compressed script to the page, and the API checks on it anyway,
// its refusal landing on the field.
export const profileSchemas = profileSchemasWith(createPhoneNormalizer(metadata));
