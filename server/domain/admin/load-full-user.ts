import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db";
import { findUserById, listUserPermissionNames } from "../../db/queries/users";
import { documents } from "../../db/schema";
import { AppError } from "../../errors";
import { loadProfile } from "../profile/load-profile";
import { toAdminUser, toUserStatus } from "./admin-user-view";

/**
 * What the member entered with their current ID documents: the admin compares these with the
 * images before approving. Every side of one upload carries the same details.
 */
async function currentIdDetails(db: Database, userId: string) {
  const [row] = await db
    .select({ idType: documents.idType, idNumber: documents.idNumber, expiryDate: documents.expiryDate })
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.kind, "id"), isNull(documents.supersededAt)))
    .orderBy(asc(documents.side))
    .limit(1);
  return row ?? null;
}

/**
 * Full user data (admin view and verification): the list's user, the profile under
 * its type (IBAN masked by loadProfile), the permission names, the onboarding status, and the
 * current ID document's type, number and expiry.
 */
export async function loadFullUser(db: Database, userId: string) {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError("NOT_FOUND", "userNotFound");
  const profile = await loadProfile(db, userId);
  return {
    user: toAdminUser(row),
    personalProfile: profile.userType === "personal" ? profile : null,
    companyProfile: profile.userType === "company" ? profile : null,
    profile,
    userStatus: toUserStatus(row),
    permissions: await listUserPermissionNames(db, userId),
    idDetails: await currentIdDetails(db, userId),
  };
}
