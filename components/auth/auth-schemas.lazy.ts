import { lazyModule } from "@/components/forms/use-schema-form";

/** The sign-in and password reset schemas, loaded when one of those forms is first used. */
const from = lazyModule(() => import("./auth-schemas"));

export const passwordLoginFormSchema = from("passwordLoginFormSchema");
export const codeEmailFormSchema = from("codeEmailFormSchema");
export const codeFormSchema = from("codeFormSchema");
export const codeSentSchema = from("codeSentSchema");
export const totpAppFormSchema = from("loginTotpAppFormSchema");
export const totpRecoveryFormSchema = from("loginTotpRecoveryFormSchema");
export const browserSessionSchema = from("browserSessionSchema");
export const loginAnswerSchema = from("loginAnswerSchema");
export const resetRequestFormSchema = from("resetRequestFormSchema");
export const newPasswordFormSchema = from("newPasswordFormSchema");
