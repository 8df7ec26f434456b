import { adminUserDocumentsSchema } from "@/lib/schemas/admin-user";
import { stampUploadRequestSchema, templateFormSchema } from "@/lib/schemas/contracts";
import { toMediaItems } from "./shared/media-items";

// The admin pages' form checks and the answers their browser calls read, in one module loaded
// when one of their forms is first used or a call comes back, so zod is not in those pages'
// first load (the pages get their first data from the server). Client components take these
// through admin-schemas.lazy.ts; the schemas themselves live in lib/schemas.

export {
  auditListSchema,
  changeReviewListSchema,
  createPermissionSchema,
  reactivatedStatusSchema,
  rejectUserSchema,
  roleChangeSchema,
  serverStatusSchema,
  userStatsSchema,
} from "@/lib/schemas/admin";
export {
  adminFullUserSchema,
  permissionCreatedResponseSchema,
  permissionListResponseSchema,
  permissionsSavedResponseSchema,
  userPermissionsResponseSchema,
} from "@/lib/schemas/admin-user";
export {
  activeStampResponseSchema,
  adminMemberContractsResponseSchema,
  companyStampSchema,
  resignPendingResponseSchema,
  stampListResponseSchema,
  stampResponseSchema,
  templateDetailSchema,
  templateFormSchema,
  templateListResponseSchema,
} from "@/lib/schemas/contracts";
export { expiredIdListSchema } from "@/lib/schemas/id-expiry";
export { adminNewsResultSchema, newsInputSchema } from "@/lib/schemas/news";
export {
  commissionPlanResultSchema,
  payoutPreparedSchema,
  payoutRunDetailSchema,
  payoutRunListSchema,
  shopKeyCreatedSchema,
  shopKeyInputSchema,
  shopKeyListSchema,
} from "@/lib/schemas/partner";
export { inviteTreeSchema, topReferrersSchema } from "@/lib/schemas/referral-tree";
export { planResolver } from "./partner/plan-check";

/** The documents answer as the media section shows it. */
export const userMediaResponseSchema = adminUserDocumentsSchema.transform(toMediaItems);

/** The stamp upload form's own fields, with the API's rules for them (the image is checked apart). */
export const stampFormSchema = stampUploadRequestSchema.pick({ label: true, activate: true });

/** The template editor's fields, with the API's rules for them. */
export const templateEditFormSchema = templateFormSchema.pick({ name: true, note: true });
