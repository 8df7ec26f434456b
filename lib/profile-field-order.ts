// The profile fields of each account type in the order the profile form asks for them, for the
// pages that show a saved profile (the member's own and the admin's user view).

export const PERSONAL_PROFILE_FIELDS = [
  "dateOfBirth",
  "nationality",
  "address",
  "zipCode",
  "city",
  "country",
  "phone",
  "phoneSecondary",
  "emergencyContactName",
  "emergencyContactPhone",
  "accountHolderName",
  "iban",
  "referralEmail",
] as const;

export const COMPANY_PROFILE_FIELDS = [
  "companyName",
  "companyPhone",
  "companyEmail",
  "address",
  "zipCode",
  "city",
  "country",
  "registrationDate",
  "branch",
  "numberOfEmployees",
  "registrationNumber",
  "contactPersonName",
  "contactPersonPhone",
  "accountHolderName",
  "iban",
] as const;
