"use client";

import { useLocale, useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { PasswordChecklist } from "@/components/auth/password-checklist";
import { PasswordField } from "@/components/auth/password-field";
import { FormField, inputClass } from "@/components/ui/form-field";
import {
  checkPersonalRegistration,
  personalRegistrationSchema,
  type RegistrationProblem,
} from "@/lib/schemas/registration";
import { PhoneField, type PhoneValue } from "./phone-field";
import type { CountryDetection } from "./use-country-detection";

export type PersonalRegistrationBody = z.output<typeof personalRegistrationSchema>;

type PersonalValues = {
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  phone: PhoneValue;
  password: string;
  confirmPassword: string;
};
type FieldName = keyof PersonalValues;

const REQUIRED: FieldName[] = [
  "firstName",
  "lastName",
  "email",
  "confirmEmail",
  "password",
  "confirmPassword",
];

export type PersonalFormProps = {
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
  onValid: (body: PersonalRegistrationBody) => void;
};

/** Spec §3 personal registration form, checked with the API's own check before it is sent. */
export function PersonalForm({
  refToken,
  country,
  error,
  errorId,
  footer,
  onProblem,
  onValid,
}: PersonalFormProps) {
  const t = useTranslations("Register.form");
  const locale = useLocale();
  const phoneCountryChosen = useRef(false);
  const { register, handleSubmit, control, getValues, setValue, setFocus } = useForm<PersonalValues>({
    defaultValues: {
      firstName: "",
      lastName: "",
      email: "",
      confirmEmail: "",
      phone: { country: country.country, number: "" },
      password: "",
      confirmPassword: "",
    },
  });
  const password = useWatch({ control, name: "password" });

  // The detected country arrives after the form: use it unless the visitor already picked one.
  useEffect(() => {
    if (!phoneCountryChosen.current) setValue("phone", { ...getValues("phone"), country: country.country });
  }, [country.country, getValues, setValue]);

  useEffect(() => {
    const first = error?.fields[0];
    if (first) setFocus(first as FieldName);
  }, [error, setFocus]);

  const onSubmit = handleSubmit((values) => {
    const parsed = personalRegistrationSchema.safeParse({
      refToken,
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      confirmEmail: values.confirmEmail,
      phone: values.phone.number,
      phoneCountry: values.phone.country,
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
    const problem = checkPersonalRegistration(parsed.data);
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
    id: `register-personal-${field}`,
    required: true,
    "aria-invalid": invalid(field) || undefined,
    "aria-describedby": invalid(field) ? errorId : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">{t("allRequired")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-personal-firstName" label={t("firstName")}>
          <input
            {...textProps("firstName")}
            type="text"
            autoComplete="given-name"
            maxLength={100}
            className={inputClass}
            {...register("firstName")}
          />
        </FormField>
        <FormField id="register-personal-lastName" label={t("lastName")}>
          <input
            {...textProps("lastName")}
            type="text"
            autoComplete="family-name"
            maxLength={100}
            className={inputClass}
            {...register("lastName")}
          />
        </FormField>
      </div>
      <FormField id="register-personal-email" label={t("email")}>
        <input
          {...textProps("email")}
          type="email"
          autoComplete="email"
          maxLength={254}
          className={inputClass}
          {...register("email")}
        />
      </FormField>
      <FormField id="register-personal-confirmEmail" label={t("confirmEmail")}>
        <input
          {...textProps("confirmEmail")}
          type="email"
          autoComplete="email"
          maxLength={254}
          className={inputClass}
          {...register("confirmEmail")}
        />
      </FormField>
      <Controller
        control={control}
        name="phone"
        render={({ field }) => (
          <PhoneField
            id="register-personal-phone"
            label={t("phone")}
            value={field.value}
            onChange={(next) => {
              if (next.country !== field.value.country) phoneCountryChosen.current = true;
              field.onChange(next);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={invalid("phone") ? error?.message : undefined}
            describedBy={invalid("phone") ? errorId : undefined}
            detecting={country.detecting}
            autoComplete="tel-national"
          />
        )}
      />
      <FormField
        id="register-personal-password"
        label={t("password")}
        hint={<PasswordChecklist password={password} />}
      >
        <PasswordField
          {...textProps("password")}
          aria-describedby={["register-personal-password-hint", invalid("password") ? errorId : undefined]
            .filter(Boolean)
            .join(" ")}
          autoComplete="new-password"
          {...register("password")}
        />
      </FormField>
      <FormField id="register-personal-confirmPassword" label={t("confirmPassword")}>
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
