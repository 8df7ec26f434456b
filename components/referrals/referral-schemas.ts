import { createReferralSchema } from "@/lib/schemas/referrals";

// The referral page's form check and the answers it reads, loaded when the form is first used or
// the page asks the API again, so zod is not in the page's first load.

export { referralLinkSchema, referralListSchema, referralStatsResponseSchema } from "@/lib/schemas/referrals";

/** The generator's form: the label is always sent (empty when none was typed). */
export const generateLinkFormSchema = createReferralSchema.required({ label: true });
