import { z } from "zod";
import { DOCUMENT_SIDES } from "@/lib/vocabulary";
import { adminUserSchema, permissionSchema, userListQuerySchema, userListResponseSchema } from "./admin";
import { profileViewSchema } from "./profile-view";

// One user as the admin sees it (the view, the profile page, the verification page) and the
// verification queue: the API declares its answers with these, the web tier parses them.

const flag = z.union([z.literal(0), z.literal(1)]);

/** The onboarding steps as flags, each with the time it was done (null while open). */
const onboardingStatusSchema = z.object({
  email_verified: flag,
  documents_uploaded: flag,
  profile_completed: flag,
  contract_signed: flag,
  is_admin_verified: flag,
  email_verified_at: z.string().nullable(),
  documents_uploaded_at: z.string().nullable(),
  profile_completed_at: z.string().nullable(),
  contract_signed_at: z.string().nullable(),
  admin_verified_at: z.string().nullable(),
});
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;

/** The details the member entered with their current ID documents (null before an upload). */
const adminIdDetailsSchema = z.object({
  idType: z.string().nullable(),
  idNumber: z.string().nullable(),
  expiryDate: z.string().nullable(),
});

export const adminFullUserSchema = z.object({
  user: adminUserSchema,
  personalProfile: profileViewSchema.nullable(),
  companyProfile: profileViewSchema.nullable(),
  profile: profileViewSchema,
  userStatus: onboardingStatusSchema,
  permissions: z.array(z.string()),
  idDetails: adminIdDetailsSchema.nullable(),
});
export type AdminFullUser = z.infer<typeof adminFullUserSchema>;

const adminContractFileSchema = z.object({
  id: z.string(),
  original_filename: z.string(),
  object_storage_id: z.string(),
  content_type: z.string(),
  uploaded_at: z.string(),
  /** Same-origin signed URL (the BFF's /api/files/...). */
  signedUrl: z.string(),
});

const adminIdDocumentSchema = z.object({
  user_id_document_id: z.string(),
  side: z.enum(DOCUMENT_SIDES).nullable(),
  document_type: z.string(),
  id_type: z.string().nullable(),
  original_filename: z.string(),
  object_storage_id: z.string(),
  content_type: z.string(),
  uploaded_at: z.string(),
  /** Replaced after approval: kept for the audit trail, no longer the member's current ID. */
  superseded_at: z.string().nullable(),
  signedUrl: z.string(),
});

export const adminUserDocumentsSchema = z.object({
  contracts: z.array(adminContractFileSchema),
  idDocuments: z.array(adminIdDocumentSchema),
});
export type AdminUserDocuments = z.infer<typeof adminUserDocumentsSchema>;

/**
 * The verification queue: searched by name or email and filtered by account type. By default
 * only members who finished all four onboarding steps; `onboarding=all` adds those still at it.
 */
export const pendingUsersQuerySchema = userListQuerySchema
  .pick({
    search: true,
    user_type: true,
    page: true,
    pageSize: true,
  })
  .extend({ onboarding: z.enum(["complete", "all"]).optional().default("complete") });

/** The user list's page, counted exactly and paged by offset only. */
export const pendingUsersResponseSchema = userListResponseSchema.pick({
  users: true,
  total: true,
  page: true,
  pageSize: true,
  pageCount: true,
});
export type PendingUsers = z.infer<typeof pendingUsersResponseSchema>;

/** GET /api/permissions: every permission, active or not. */
export const permissionListResponseSchema = z.object({ permissions: z.array(permissionSchema) });

/** POST /api/permissions. */
export const permissionCreatedResponseSchema = z.object({ permission: permissionSchema });

/** GET /api/auth/users/{id}/permissions: the user's active permission names. */
export const userPermissionsResponseSchema = z.object({ permissions: z.array(z.string()) });

/** PUT /api/admin/users/{id}/permissions: the assigned names (inactive ones included). */
export const permissionsSavedResponseSchema = z.object({
  success: z.literal(true),
  permissions: z.array(z.string()),
});
