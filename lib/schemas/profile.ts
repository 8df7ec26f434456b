import type { z } from "zod";
import { normalizePhone } from "../phone";
import { profileSchemasWith } from "./profile-fields";

// The API's profile schemas: phones checked on the full metadata (number patterns too).
export const { personal: personalProfileSchema, company: companyProfileSchema } =
  profileSchemasWith(normalizePhone);
export type PersonalProfileInput = z.input<typeof personalProfileSchema>;
export type CompanyProfileInput = z.input<typeof companyProfileSchema>;
