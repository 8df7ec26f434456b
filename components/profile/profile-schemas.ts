// The account pages' form checks and the answers they read (profile, security, privacy,
// notifications, documents, two-factor set-up), in one module loaded when one of their forms is
// first used or an answer comes back, so zod is not in those pages' first load.

export {
  confirmIdentitySchema,
  emailChangeConfirmSchema,
  emailChangedSchema,
  emailChangeSchema,
  exportTokenSchema,
} from "@/lib/schemas/account";
export {
  notificationSettingsResponseSchema,
  notificationSettingsSchema,
} from "@/lib/schemas/account-notifications";
export { changePasswordFormSchema, revokeOtherSessionsResponseSchema } from "@/lib/schemas/account-security";
export { contractListResponseSchema } from "@/lib/schemas/contracts";
export { ownIdDocumentsSchema } from "@/lib/schemas/id-upload";
export {
  recoveryCodesResponseSchema,
  totpDisableSchema,
  totpEnableFormSchema,
  totpRegenerateSchema,
  totpSetupResponseSchema,
} from "@/lib/schemas/two-factor";
