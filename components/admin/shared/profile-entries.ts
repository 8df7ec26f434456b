import { COMPANY_PROFILE_FIELDS, PERSONAL_PROFILE_FIELDS } from "@/lib/profile-field-order";
import type { FullUser } from "./admin-user";

// What the admin user pages derive from the shared answers (lib/schemas/admin-user.ts): the
// filled-in profile fields.

export type ProfileField = (typeof PERSONAL_PROFILE_FIELDS)[number] | (typeof COMPANY_PROFILE_FIELDS)[number];

/** The filled-in fields of a profile, in the order the profile form asks for them, as text. */
export function profileEntries(full: FullUser): { field: ProfileField; value: string }[] {
  const profile: Record<string, unknown> = full.profile;
  const fields: readonly ProfileField[] =
    full.profile.userType === "company" ? COMPANY_PROFILE_FIELDS : PERSONAL_PROFILE_FIELDS;
  return fields.flatMap((field) => {
    const value = profile[field];
    return (typeof value === "string" && value !== "") || typeof value === "number"
      ? [{ field, value: String(value) }]
      : [];
  });
}
