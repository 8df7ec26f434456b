import { eq, sql } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Database } from "../../db";
import { preparedPerDatabase } from "../../db/prepared";
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

/** The stored profile columns of each account type, as a query selects them. */
export const profileColumns = { personal: personalColumns, company: companyColumns };

/** A profile row as read with `profileColumns` (absent when the member has none yet). */
export type StoredProfile =
  | SelectResultFields<typeof personalColumns>
  | SelectResultFields<typeof companyColumns>;

/** One profile table's lookup by owner, prepared once per database. */
function profileQuery(
  name: string,
  table: typeof personalProfiles | typeof companyProfiles,
  columns: typeof personalColumns | typeof companyColumns,
) {
  return preparedPerDatabase((db) =>
    db
      .select(columns)
      .from(table)
      .where(eq(table.userId, sql.placeholder("userId")))
      .limit(1)
      .prepare(name),
  );
}

const profileQueries = {
  personal: profileQuery("load_personal_profile", personalProfiles, personalColumns),
  company: profileQuery("load_company_profile", companyProfiles, companyColumns),
};

/** A profile's columns as the API answers them: every one null without a row, the IBAN masked. */
function shownFields<C extends typeof personalColumns | typeof companyColumns>(
  columns: C,
  row: SelectResultFields<C> | null | undefined,
) {
  const stored =
    row ?? (Object.fromEntries(Object.keys(columns).map((key) => [key, null])) as Record<keyof C, null>);
  return { ...stored, updatedAt: iso(stored.updatedAt), iban: maskIban(stored.iban) };
}

type ProfileAccount = Pick<
  typeof users.$inferSelect,
  "userType" | "email" | "companyName" | "profileCompletedAt" | "adminVerifiedAt"
>;

/** The member's profile as the API answers it, from the account row and its stored profile row. */
export function profileView(account: ProfileAccount, row: StoredProfile | null | undefined): ProfileView {
  const completion = {
    profileCompleted: account.profileCompletedAt !== null,
    profileCompletedAt: iso(account.profileCompletedAt),
    bankChangeNeedsPassword: account.adminVerifiedAt !== null,
  };
  if (account.userType === "personal") {
    return {
      userType: "personal",
      ...completion,
      ...shownFields(personalColumns, row as SelectResultFields<typeof personalColumns> | null | undefined),
    };
  }
  return {
    userType: "company",
    ...completion,
    companyName: account.companyName,
    companyEmail: account.email,
    ...shownFields(companyColumns, row as SelectResultFields<typeof companyColumns> | null | undefined),
  };
}

/**
 * A member's profile by their id (admin views, exports, the answer of a completed profile). A
 * member without a profile row gets every field as null.
 */
export async function loadProfile(db: Database, userId: string): Promise<ProfileView> {
  const [account] = await db
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
  const [row] = await profileQueries[account.userType](db).execute({ userId });
  return profileView(account, row);
}
