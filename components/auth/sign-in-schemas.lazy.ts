import { lazyModule } from "@/components/forms/use-schema-form";

/** The sign-in schemas, loaded when a sign-in form is first used. */
const from = lazyModule(() => import("./sign-in-schemas"));

export const passwordLoginFormSchema = from("passwordLoginFormSchema");
export const codeEmailFormSchema = from("codeEmailFormSchema");
export const codeFormSchema = from("codeFormSchema");
export const codeSentSchema = from("codeSentSchema");
export const totpAppFormSchema = from("loginTotpAppFormSchema");
export const totpRecoveryFormSchema = from("loginTotpRecoveryFormSchema");
export const browserSessionSchema = from("browserSessionSchema");
export const loginAnswerSchema = from("loginAnswerSchema");
