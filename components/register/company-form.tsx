"use client";

import { useLocale, useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { PasswordChecklist } from "@/components/auth/password-checklist";
import { PasswordField } from "@/components/auth/password-field";
import { FormField, inputClass } from "@/components/ui/form-field";
import {
  checkCompanyRegistration,
  companyRegistrationSchema,
  type RegistrationProblem,
} from "@/lib/schemas/registration";
import { PhoneField, type PhoneValue } from "./phone-field";
import type { CountryDetection } from "./use-country-detection";

export type CompanyRegistrationBody = z.output<typeof companyRegistrationSchema>;

type CompanyValues = {
  companyName: string;
  companyEmail: string;
  confirmCompanyEmail: string;
  companyPhone: PhoneValue;
  contactPersonName: string;
  contactPersonPhone: PhoneValue;
  password: string;
  confirmPassword: string;
};
type FieldName = keyof CompanyValues;
type PhoneName = "companyPhone" | "contactPersonPhone";

const REQUIRED: FieldName[] = [
  "companyName",
  "companyEmail",
  "confirmCompanyEmail",
  "contactPersonName",
  "password",
  "confirmPassword",
];

export type CompanyFormProps = {
  refToken: string;
  country: CountryDetection;
  /** The problem shown in the alert above the form; `fields` are marked invalid, the first focused. */
  error: { message: string; fields: readonly string[] } | null;
  /** The id of that alert, so the invalid fields point at it. */
  errorId: string;
  /** The submit button; the page owns the submitting state. */
  footer: ReactNode;
  /** The shared check found a problem (null: the input does not even have the API's shape). */
  onProblem: (problem: RegistrationProblem | null, fields: string[]) => void;
  onValid: (body: CompanyRegistrationBody) => void;
};

/** Spec §3 company registration form, checked with the API's own check before it is sent. */
export function CompanyForm({
  refToken,
  country,
  error,
  errorId,
  footer,
  onProblem,
  onValid,
}: CompanyFormProps) {
  const t = useTranslations("Register.form");
  const locale = useLocale();
  const countryChosen = useRef<Record<PhoneName, boolean>>({
    companyPhone: false,
    contactPersonPhone: false,
  });
  const { register, handleSubmit, control, getValues, setValue, setFocus } = useForm<CompanyValues>({
    defaultValues: {
      companyName: "",
      companyEmail: "",
      confirmCompanyEmail: "",
      companyPhone: { country: country.country, number: "" },
      contactPersonName: "",
      contactPersonPhone: { country: country.country, number: "" },
      password: "",
      confirmPassword: "",
    },
  });
  const password = useWatch({ control, name: "password" });

  // The detected country arrives after the form: use it where the visitor has not picked one.
  useEffect(() => {
    for (const name of ["companyPhone", "contactPersonPhone"] as const) {
      if (!countryChosen.current[name]) setValue(name, { ...getValues(name), country: country.country });
    }
  }, [country.country, getValues, setValue]);

  useEffect(() => {
    const first = error?.fields[0];
    if (first) setFocus(first as FieldName);
  }, [error, setFocus]);

  const onSubmit = handleSubmit((values) => {
    const parsed = companyRegistrationSchema.safeParse({
      refToken,
      companyName: values.companyName,
      companyEmail: values.companyEmail,
      confirmCompanyEmail: values.confirmCompanyEmail,
      companyPhone: values.companyPhone.number,
      companyPhoneCountry: values.companyPhone.country,
      contactPersonName: values.contactPersonName,
      contactPersonPhone: values.contactPersonPhone.number,
      contactPersonPhoneCountry: values.contactPersonPhone.country,
      password: values.password,
      confirmPassword: values.confirmPassword,
      lang: locale,
    });
    if (!parsed.success) {
      onProblem(
        null,
        parsed.error.issues.map((issue) => String(issue.path[0])),
      );
      return;
    }
    const problem = checkCompanyRegistration(parsed.data);
    if (!problem) {
      onValid(parsed.data);
      return;
    }
    // A missing field marks every blank one, the first missing (in the spec's order) first.
    const blank = REQUIRED.filter((field) => !String(values[field]).trim());
    onProblem(problem, problem.key === "requiredFields" ? [problem.field, ...blank] : [problem.field]);
  });

  const invalid = (field: FieldName) => Boolean(error?.fields.includes(field));
  const textProps = (field: FieldName) => ({
    id: `register-company-${field}`,
    required: true,
    "aria-invalid": invalid(field) || undefined,
    "aria-describedby": invalid(field) ? errorId : undefined,
  });
  const phone = (name: PhoneName, label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <PhoneField
          id={`register-company-${name}`}
          label={label}
          value={field.value}
          onChange={(next) => {
            if (next.country !== field.value.country) countryChosen.current[name] = true;
            field.onChange(next);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={invalid(name) ? error?.message : undefined}
          describedBy={invalid(name) ? errorId : undefined}
          detecting={country.detecting}
          autoComplete={name === "companyPhone" ? "work tel-national" : "tel-national"}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">{t("allRequired")}</p>
      <FormField id="register-company-companyName" label={t("companyName")}>
        <input
          {...textProps("companyName")}
          type="text"
          autoComplete="organization"
          maxLength={200}
          className={inputClass}
          {...register("companyName")}
        />
      </FormField>
      <FormField id="register-company-companyEmail" label={t("companyEmail")}>
        <input
          {...textProps("companyEmail")}
          type="email"
          autoComplete="email"
          maxLength={254}
          className={inputClass}
          {...register("companyEmail")}
        />
      </FormField>
      <FormField id="register-company-confirmCompanyEmail" label={t("confirmCompanyEmail")}>
        <input
          {...textProps("confirmCompanyEmail")}
          type="email"
          autoComplete="email"
          maxLength={254}
          className={inputClass}
          {...register("confirmCompanyEmail")}
        />
      </FormField>
      {phone("companyPhone", t("companyPhone"))}
      <FormField id="register-company-contactPersonName" label={t("contactPersonName")}>
        <input
          {...textProps("contactPersonName")}
          type="text"
          autoComplete="name"
          maxLength={200}
          className={inputClass}
          {...register("contactPersonName")}
        />
      </FormField>
      {phone("contactPersonPhone", t("contactPersonPhone"))}
      <FormField
        id="register-company-password"
        label={t("password")}
        hint={<PasswordChecklist password={password} />}
      >
        <PasswordField
          {...textProps("password")}
          aria-describedby={["register-company-password-hint", invalid("password") ? errorId : undefined]
            .filter(Boolean)
            .join(" ")}
          autoComplete="new-password"
          {...register("password")}
        />
      </FormField>
      <FormField id="register-company-confirmPassword" label={t("confirmPassword")}>
        <PasswordField
          {...textProps("confirmPassword")}
          autoComplete="new-password"
          {...register("confirmPassword")}
        />
      </FormField>
      {footer}
    </form>
  );
}
