import type { Database } from "../../db";
import { findUserById, listUserPermissionNames } from "../../db/queries/users";
import { AppError } from "../../errors";
import { loadProfile } from "../profile/load-profile";
import { toAdminUser, toUserStatus } from "./admin-user-view";

/**
 * Spec §7 full user data (admin view and verification): the list's user, the profile under
 * its type (IBAN masked by loadProfile), the permission names, and the onboarding status.
 */
export async function loadFullUser(db: Database, userId: string) {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError("NOT_FOUND", "User not found");
  const profile = await loadProfile(db, userId);
  return {
    user: toAdminUser(row),
    personalProfile: profile.userType === "personal" ? profile : null,
    companyProfile: profile.userType === "company" ? profile : null,
    profile,
    userStatus: toUserStatus(row),
    permissions: await listUserPermissionNames(db, userId),
  };
}
