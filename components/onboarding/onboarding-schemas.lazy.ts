import { lazy, lazyModule } from "@/components/forms/use-schema-form";

/** The onboarding schemas, loaded when a step's form is first used or an answer comes back. */
const from = lazyModule(() => import("./onboarding-schemas"));

export const verifyCodeFormSchema = from("verifyCodeFormSchema");
export const signFormSchema = from("signFormSchema");
export const idUploadFormSchema = from("idUploadFormSchema");
export const contractListResponseSchema = from("contractListResponseSchema");
export const memberTemplatesResponseSchema = from("memberTemplatesResponseSchema");
export const resignTemplatesResponseSchema = from("resignTemplatesResponseSchema");

/** The profile step's checks, with the phone rules: a module of their own, loaded by that step only. */
export const profileSchemas = lazy(async () => (await import("./profile-step-schemas")).profileSchemas);
