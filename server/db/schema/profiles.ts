import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";
import { ownerKey } from "./users";

// IBANs and ID numbers are identity data: never logged.

/** Personal profile: registration fills the phone; profile completion the rest. */
export const personalProfiles = pgTable("personal_profiles", {
  userId: ownerKey(),
  phone: text("phone"),
  referralEmail: text("referral_email"),
  dateOfBirth: text("date_of_birth"),
  nationality: text("nationality"),
  address: text("address"),
  zipCode: text("zip_code"),
  city: text("city"),
  country: text("country"),
  phoneSecondary: text("phone_secondary"),
  emergencyContactName: text("emergency_contact_name"),
  emergencyContactPhone: text("emergency_contact_phone"),
  accountHolderName: text("account_holder_name"),
  iban: text("iban"),
  updatedAt: updatedAt(),
});

/** Company profile: registration fills the phones and contact; completion the rest. */
export const companyProfiles = pgTable("company_profiles", {
  userId: ownerKey(),
  companyPhone: text("company_phone"),
  contactPersonName: text("contact_person_name"),
  contactPersonPhone: text("contact_person_phone"),
  address: text("address"),
  registrationDate: text("registration_date"),
  zipCode: text("zip_code"),
  city: text("city"),
  country: text("country"),
  branch: text("branch"),
  numberOfEmployees: integer("number_of_employees"),
  registrationNumber: text("registration_number"),
  accountHolderName: text("account_holder_name"),
  iban: text("iban"),
  updatedAt: updatedAt(),
});
