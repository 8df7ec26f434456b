import { eq } from "drizzle-orm";
import type { Database } from "../../db";
import { companyProfiles, personalProfiles, users } from "../../db/schema";
import { AppError } from "../../errors";
import { maskIban, type ProfileView } from "./profile-view";

const iso = (value: Date | null) => value?.toISOString() ?? null;

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
    const [row] = await db
      .select({
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
        updatedAt: personalProfiles.updatedAt,
      })
      .from(personalProfiles)
      .where(eq(personalProfiles.userId, userId))
      .limit(1);
    return {
      userType: "personal",
      ...completion,
      updatedAt: iso(row?.updatedAt ?? null),
      dateOfBirth: row?.dateOfBirth ?? null,
      nationality: row?.nationality ?? null,
      address: row?.address ?? null,
      zipCode: row?.zipCode ?? null,
      city: row?.city ?? null,
      country: row?.country ?? null,
      phone: row?.phone ?? null,
      phoneSecondary: row?.phoneSecondary ?? null,
      emergencyContactName: row?.emergencyContactName ?? null,
      emergencyContactPhone: row?.emergencyContactPhone ?? null,
      accountHolderName: row?.accountHolderName ?? null,
      iban: maskIban(row?.iban ?? null),
      referralEmail: row?.referralEmail ?? null,
    };
  }

  const [row] = await db
    .select({
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
      updatedAt: companyProfiles.updatedAt,
    })
    .from(companyProfiles)
    .where(eq(companyProfiles.userId, userId))
    .limit(1);
  return {
    userType: "company",
    ...completion,
    updatedAt: iso(row?.updatedAt ?? null),
    companyName: account.companyName,
    companyPhone: row?.companyPhone ?? null,
    companyEmail: account.email,
    address: row?.address ?? null,
    registrationDate: row?.registrationDate ?? null,
    zipCode: row?.zipCode ?? null,
    city: row?.city ?? null,
    country: row?.country ?? null,
    branch: row?.branch ?? null,
    numberOfEmployees: row?.numberOfEmployees ?? null,
    registrationNumber: row?.registrationNumber ?? null,
    accountHolderName: row?.accountHolderName ?? null,
    iban: maskIban(row?.iban ?? null),
    contactPersonName: row?.contactPersonName ?? null,
    contactPersonPhone: row?.contactPersonPhone ?? null,
  };
}
