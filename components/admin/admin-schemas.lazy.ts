import { lazyModule } from "@/components/forms/use-schema-form";

/** The admin pages' schemas, loaded on use. */
const from = lazyModule(() => import("./admin-schemas"));

export const auditListSchema = from("auditListSchema");
export const changeReviewListSchema = from("changeReviewListSchema");
export const reactivatedStatusSchema = from("reactivatedStatusSchema");
export const rejectUserSchema = from("rejectUserSchema");
export const roleChangeSchema = from("roleChangeSchema");
export const userStatsSchema = from("userStatsSchema");
export const adminFullUserSchema = from("adminFullUserSchema");
export const permissionListResponseSchema = from("permissionListResponseSchema");
export const permissionsSavedResponseSchema = from("permissionsSavedResponseSchema");
export const userPermissionsResponseSchema = from("userPermissionsResponseSchema");
export const adminMemberContractsResponseSchema = from("adminMemberContractsResponseSchema");
export const expiredIdListSchema = from("expiredIdListSchema");
export const inviteTreeSchema = from("inviteTreeSchema");
export const userMediaResponseSchema = from("userMediaResponseSchema");
