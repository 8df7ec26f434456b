import type { FieldValues } from "react-hook-form";
import type { z } from "zod";
import { lazy, lazyModule } from "@/components/forms/use-schema-form";
import type { AccountType } from "@/lib/vocabulary";
import type { RegistrationValues } from "./registration-fields";

/** The registration checks, loaded when the form is first used. */
const from = lazyModule(() => import("./registration-schemas"));
const formSchemas = from("REGISTRATION_FORM_SCHEMAS");

/** Each account type's form check; the form keeps every value as a string while it is typed. */
type FormSchema = z.ZodType<RegistrationValues, FieldValues>;
export const registrationFormSchema: Record<AccountType, ReturnType<typeof lazy<FormSchema>>> = {
  personal: lazy(async () => (await formSchemas()).personal as unknown as FormSchema),
  company: lazy(async () => (await formSchemas()).company as unknown as FormSchema),
};
export const outcomeOf = from("outcomeOf");
export const registrationResponseSchema = from("registrationResponseSchema");
export const referralInfoSchema = from("referralInfoSchema");
