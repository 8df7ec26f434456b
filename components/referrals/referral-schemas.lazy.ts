import { lazyModule } from "@/components/forms/use-schema-form";

/** The referral page's schemas, loaded on use. */
const from = lazyModule(() => import("./referral-schemas"));

export const generateLinkFormSchema = from("generateLinkFormSchema");
export const referralLinkSchema = from("referralLinkSchema");
export const referralListSchema = from("referralListSchema");
export const referralStatsResponseSchema = from("referralStatsResponseSchema");
