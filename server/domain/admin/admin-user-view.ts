import type { AdminUser, AdminUserSummary } from "../../../lib/schemas/admin";
import type { UserRow } from "../../db/queries/users";

const flag = (at: Date | null): 0 | 1 => (at ? 1 : 0);
const iso = (at: Date | null) => at?.toISOString() ?? null;

/** Who a user is in every admin view, snake_case like the admin pages expect. */
export function toAdminUserSummary(
  row: Pick<UserRow, "id" | "email" | "firstName" | "lastName" | "companyName" | "userType" | "status">,
): AdminUserSummary {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    company_name: row.companyName,
    user_type: row.userType,
    status: row.status,
  };
}

/** The admin list's snake_case user, onboarding flags from the step timestamps. */
export function toAdminUser(row: UserRow): AdminUser {
  return {
    ...toAdminUserSummary(row),
    role: row.role,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_login_at: iso(row.lastLoginAt),
    email_verified: flag(row.emailVerifiedAt),
    documents_uploaded: flag(row.documentsUploadedAt),
    profile_completed: flag(row.profileCompletedAt),
    contract_signed: flag(row.contractSignedAt),
    is_admin_verified: flag(row.adminVerifiedAt),
    two_factor_enabled: flag(row.totpEnabledAt),
  };
}

/** Onboarding status as the admin sees it: the flags plus each step's time. */
export function toUserStatus(row: UserRow) {
  return {
    email_verified: flag(row.emailVerifiedAt),
    documents_uploaded: flag(row.documentsUploadedAt),
    profile_completed: flag(row.profileCompletedAt),
    contract_signed: flag(row.contractSignedAt),
    is_admin_verified: flag(row.adminVerifiedAt),
    email_verified_at: iso(row.emailVerifiedAt),
    documents_uploaded_at: iso(row.documentsUploadedAt),
    profile_completed_at: iso(row.profileCompletedAt),
    contract_signed_at: iso(row.contractSignedAt),
    admin_verified_at: iso(row.adminVerifiedAt),
  };
}
