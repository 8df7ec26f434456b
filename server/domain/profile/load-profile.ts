import { eq } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Database } from "../../db";
import { companyProfiles, personalProfiles, users } from "../../db/schema";
import { AppError } from "../../errors";
import { maskIban, type ProfileView } from "./profile-view";

const iso = (value: Date | null) => value?.toISOString() ?? null;

// The columns each profile shows, read and answered under the same names.
const personalColumns = {
  updatedAt: personalProfiles.updatedAt,
  dateOfBirth: personalProfiles.dateOfBirth,
  nationality: personalProfiles.nationality,
  address: personalProfiles.address,
  zipCode: personalProfiles.zipCode,
  city: personalProfiles.city,
  country: personalProfiles.country,
  phone: personalProfiles.phone,
  phoneSecondary: personalProfiles.phoneSecondary,
  emergencyContactName: personalProfiles.emergencyContactName,
  emergencyContactPhone: personalProfiles.emergencyContactPhone,
  accountHolderName: personalProfiles.accountHolderName,
  iban: personalProfiles.iban,
  referralEmail: personalProfiles.referralEmail,
};

const companyColumns = {
  updatedAt: companyProfiles.updatedAt,
  companyPhone: companyProfiles.companyPhone,
  address: companyProfiles.address,
  registrationDate: companyProfiles.registrationDate,
  zipCode: companyProfiles.zipCode,
  city: companyProfiles.city,
  country: companyProfiles.country,
  branch: companyProfiles.branch,
  numberOfEmployees: companyProfiles.numberOfEmployees,
  registrationNumber: companyProfiles.registrationNumber,
  accountHolderName: companyProfiles.accountHolderName,
  iban: companyProfiles.iban,
  contactPersonName: companyProfiles.contactPersonName,
  contactPersonPhone: companyProfiles.contactPersonPhone,
};

/**
 * A profile's columns as the API answers them, by the owner's id: every one null when the member
 * has no profile row yet, the IBAN masked.
 */
async function readProfileFields<C extends typeof personalColumns | typeof companyColumns>(
  db: Database,
  table: typeof personalProfiles | typeof companyProfiles,
  columns: C,
  userId: string,
) {
  const [row] = (await db
    .select(columns)
    .from(table)
    .where(eq(table.userId, userId))
    .limit(1)) as SelectResultFields<C>[];
  const stored =
    row ?? (Object.fromEntries(Object.keys(columns).map((key) => [key, null])) as Record<keyof C, null>);
  return { ...stored, updatedAt: iso(stored.updatedAt), iban: maskIban(stored.iban) };
}

type ProfileAccount = Pick<
  typeof users.$inferSelect,
  "userType" | "email" | "companyName" | "profileCompletedAt" | "adminVerifiedAt"
>;

/**
 * The member's own profile, by the id of the authenticated caller only (there is no id
 * parameter to tamper with). A member without a profile row gets every field as null. A caller
 * that has just read the user row in this request (authentication does) passes it as
 * `account`, which saves reading it again.
 */
export async function loadProfile(
  db: Database,
  userId: string,
  knownAccount?: ProfileAccount,
): Promise<ProfileView> {
  const [account] = knownAccount
    ? [knownAccount]
    : await db
        .select({
          userType: users.userType,
          email: users.email,
          companyName: users.companyName,
          profileCompletedAt: users.profileCompletedAt,
          adminVerifiedAt: users.adminVerifiedAt,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
  if (!account) throw new AppError("UNAUTHORIZED");
  const completion = {
    profileCompleted: account.profileCompletedAt !== null,
    profileCompletedAt: iso(account.profileCompletedAt),
    bankChangeNeedsPassword: account.adminVerifiedAt !== null,
  };

  if (account.userType === "personal") {
    return {
      userType: "personal",
      ...completion,
      ...(await readProfileFields(db, personalProfiles, personalColumns, userId)),
    };
  }
  return {
    userType: "company",
    ...completion,
    companyName: account.companyName,
    companyEmail: account.email,
    ...(await readProfileFields(db, companyProfiles, companyColumns, userId)),
  };
}
