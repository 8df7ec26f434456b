import { lazyModule } from "@/components/forms/use-schema-form";

/** The account pages' schemas, loaded on use. */
const from = lazyModule(() => import("./profile-schemas"));

export const confirmIdentitySchema = from("confirmIdentitySchema");
export const emailChangeConfirmSchema = from("emailChangeConfirmSchema");
export const emailChangedSchema = from("emailChangedSchema");
export const emailChangeSchema = from("emailChangeSchema");
export const exportTokenSchema = from("exportTokenSchema");
export const notificationSettingsResponseSchema = from("notificationSettingsResponseSchema");
export const notificationSettingsSchema = from("notificationSettingsSchema");
export const changePasswordFormSchema = from("changePasswordFormSchema");
export const revokeOtherSessionsResponseSchema = from("revokeOtherSessionsResponseSchema");
export const contractListResponseSchema = from("contractListResponseSchema");
export const ownIdDocumentsSchema = from("ownIdDocumentsSchema");
export const recoveryCodesResponseSchema = from("recoveryCodesResponseSchema");
export const totpDisableSchema = from("totpDisableSchema");
export const totpEnableFormSchema = from("totpEnableFormSchema");
export const totpRegenerateSchema = from("totpRegenerateSchema");
export const totpSetupResponseSchema = from("totpSetupResponseSchema");
