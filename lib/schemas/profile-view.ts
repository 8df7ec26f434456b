import { z } from "zod";

// What GET /api/profile, the save calls and the admin user view answer: the profile's fields in camelCase, null when
// not filled in yet, plus the onboarding flag of this step.

const text = z.string().nullable();

const completion = {
  profileCompleted: z.boolean(),
  profileCompletedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** Approved accounts: a change of IBAN or account holder takes the current password. */
  bankChangeNeedsPassword: z.boolean(),
};

const personalProfileViewSchema = z.object({
  userType: z.literal("personal"),
  ...completion,
  dateOfBirth: text,
  nationality: text,
  address: text,
  zipCode: text,
  city: text,
  country: text,
  phone: text,
  phoneSecondary: text,
  emergencyContactName: text,
  emergencyContactPhone: text,
  accountHolderName: text,
  /** Masked (see maskIban). */
  iban: text,
  referralEmail: text,
});

const companyProfileViewSchema = z.object({
  userType: z.literal("company"),
  ...completion,
  companyName: text,
  companyPhone: text,
  /** The account's email: it is the login, so a profile save does not change it. */
  companyEmail: text,
  address: text,
  registrationDate: text,
  zipCode: text,
  city: text,
  country: text,
  branch: text,
  numberOfEmployees: z.number().int().nullable(),
  registrationNumber: text,
  accountHolderName: text,
  /** Masked (see maskIban). */
  iban: text,
  contactPersonName: text,
  contactPersonPhone: text,
});

export const profileViewSchema = z.discriminatedUnion("userType", [
  personalProfileViewSchema,
  companyProfileViewSchema,
]);
export type ProfileView = z.infer<typeof profileViewSchema>;

export const profileResponseSchema = z.object({ profile: profileViewSchema });

export const profileSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  profile: profileViewSchema,
});
