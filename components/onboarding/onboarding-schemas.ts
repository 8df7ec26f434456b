import type { z } from "zod";
import { signContractRequestSchema } from "@/lib/schemas/contracts";
import { verifyEmailCodeSchema } from "@/lib/schemas/onboarding";

// The onboarding steps' form checks and the answers they read, in one module the steps load
// when a form is first used or an answer comes back, so zod is not in their first load. The
// profile step's checks are in profile-step-schemas: they bring the phone rules and their
// country data, which the other steps would otherwise load for nothing.

export {
  contractListResponseSchema,
  memberTemplatesResponseSchema,
  resignTemplatesResponseSchema,
} from "@/lib/schemas/contracts";
export { idUploadFormSchema } from "@/lib/schemas/id-upload";

export const verifyCodeFormSchema = verifyEmailCodeSchema.pick({ code: true });
export const signFormSchema = signContractRequestSchema.pick({ signatureImage: true, agreed: true });
export type SignRequest = z.output<typeof signFormSchema>;
