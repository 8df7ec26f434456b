import { adminUserDocumentsSchema } from "@/lib/schemas/admin-user";
import { toMediaItems } from "./shared/media-items";

// The admin pages' form checks and the answers their browser calls read, in one module loaded
// when one of their forms is first used or a call comes back, so zod is not in those pages'
// first load (the pages get their first data from the server). Client components take these
// through admin-schemas.lazy.ts; the schemas themselves live in lib/schemas.

export {
  auditListSchema,
  changeReviewListSchema,
  reactivatedStatusSchema,
  rejectUserSchema,
  roleChangeSchema,
  userStatsSchema,
} from "@/lib/schemas/admin";
export {
  adminFullUserSchema,
  permissionListResponseSchema,
  permissionsSavedResponseSchema,
  userPermissionsResponseSchema,
} from "@/lib/schemas/admin-user";
export { adminMemberContractsResponseSchema } from "@/lib/schemas/contracts";
export { expiredIdListSchema } from "@/lib/schemas/id-expiry";
export { inviteTreeSchema } from "@/lib/schemas/referral-tree";

/** The documents answer as the media section shows it. */
export const userMediaResponseSchema = adminUserDocumentsSchema.transform(toMediaItems);
