"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Controller, type useForm, useWatch } from "react-hook-form";
import type { Country } from "react-phone-number-input";
import { PasswordChecklist } from "@/components/auth/password-checklist";
import { PasswordField } from "@/components/auth/password-field";
import { PhoneField } from "@/components/forms/phone-field";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { textOr } from "@/components/i18n/dynamic-text";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { AccountType } from "@/lib/vocabulary";
import {
  emptyValues,
  REGISTRATION_FIELDS,
  type RegistrationValues,
  type SubmitOutcome,
} from "./registration-fields";
import { registrationFormSchema } from "./registration-schemas.lazy";

/**
 * The registration form of either account type: the shared schema and rules check it before it
 * is sent, each problem shows beside its field (the first bad field takes focus), and the
 * API's answer about a field lands there too. A general failure shows beside the button.
 */
export function RegistrationForm({
  type,
  refToken,
  referralEmail,
  country,
  detecting,
  busy,
  submitting,
  onSubmit,
}: {
  type: AccountType;
  refToken: string;
  /** The referrer's email (spec: sent with a personal registration, kept on the profile). */
  referralEmail?: string | null;
  /** The visitor's country, the phones' default until they choose one. */
  country: Country;
  detecting: boolean;
  busy: boolean;
  submitting: boolean;
  onSubmit: (values: RegistrationValues) => Promise<SubmitOutcome>;
}) {
  const t = useTranslations("Register");
  const locale = useLocale();
  const fields = REGISTRATION_FIELDS[type];
  const { register, handleSubmit, control, formState, setError, setValue } =
    useSchemaForm<RegistrationValues>(registrationFormSchema[type], {
      defaultValues: {
        ...emptyValues(type, country),
        refToken,
        lang: locale,
        ...(type === "personal" && referralEmail ? { referralEmail } : {}),
      },
      mode: "onSubmit",
      reValidateMode: "onChange",
    });
  const password = useWatch({ control, name: "password" });
  const chosen = useRef(new Set<string>());

  // The detected country arrives after the form: use it where the visitor has not picked one.
  useEffect(() => {
    for (const field of fields) {
      if (field.kind === "phone" && !chosen.current.has(field.countryName))
        setValue(field.countryName, country);
    }
  }, [country, fields, setValue]);

  const message = (key: string | undefined) => {
    if (!key) return undefined;
    const path = `errors.${key === "requiredFields" ? "required" : key}`;
    return textOr(t, path, t("errors.invalidData"));
  };

  const submit = handleSubmit(async (values) => {
    const outcome = await onSubmit(values);
    if (outcome.kind === "field") {
      setError(outcome.field, { type: "server", message: outcome.key }, { shouldFocus: true });
    } else if (outcome.kind === "general") {
      setError("root.server", { type: "server", message: outcome.message });
    }
  });

  const label = (name: string) => textOr(t, `form.${name}`, name);

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-type={type}>
      <p className="text-sm text-slate-700">{t("form.allRequired")}</p>
      {fields.map((field) => {
        const id = `register-${type}-${field.name}`;
        const error = message(formState.errors[field.name]?.message);
        if (field.kind === "phone") {
          return (
            <Field key={field.name} id={id} label={label(field.name)} error={error}>
              {(controlProps) => (
                <Controller
                  control={control}
                  name={field.name}
                  render={({ field: phone }) => (
                    <CountryAwarePhone
                      label={label(field.name)}
                      number={phone.value}
                      countryName={field.countryName}
                      control={control}
                      onNumber={phone.onChange}
                      onCountry={(next) => {
                        chosen.current.add(field.countryName);
                        setValue(field.countryName, next);
                      }}
                      onBlur={phone.onBlur}
                      inputRef={phone.ref}
                      controlProps={{ ...controlProps, "aria-required": true }}
                      detecting={detecting}
                      autoComplete={field.autoComplete}
                    />
                  )}
                />
              )}
            </Field>
          );
        }
        const hint = field.name === "password" ? <PasswordChecklist password={password ?? ""} /> : undefined;
        return (
          <Field key={field.name} id={id} label={label(field.name)} error={error} hint={hint}>
            {(controlProps) =>
              field.kind === "password" ? (
                <PasswordField
                  {...controlProps}
                  aria-required
                  autoComplete={field.autoComplete}
                  {...register(field.name)}
                />
              ) : (
                <Input
                  {...controlProps}
                  aria-required
                  type={field.kind}
                  autoComplete={field.autoComplete}
                  maxLength={field.maxLength}
                  {...register(field.name)}
                />
              )
            }
          </Field>
        );
      })}
      {formState.errors.root?.server && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {formState.errors.root.server.message}
        </p>
      )}
      <Button type="submit" block loading={submitting} disabled={busy && !submitting}>
        {submitting ? t("form.submitting") : t("form.submit")}
      </Button>
    </form>
  );
}

/** The phone field reading its country from the form, so both halves stay in one place. */
function CountryAwarePhone({
  countryName,
  control,
  number,
  onNumber,
  onCountry,
  controlProps,
  ...rest
}: {
  label: string;
  number: string;
  countryName: string;
  control: ReturnType<typeof useForm<RegistrationValues>>["control"];
  onNumber: (number: string) => void;
  onCountry: (country: Country) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
  controlProps: Parameters<typeof PhoneField>[0]["control"];
  detecting: boolean;
  autoComplete: string;
}) {
  const country = useWatch({ control, name: countryName }) as Country;
  return (
    <PhoneField
      {...rest}
      control={controlProps}
      value={{ country, number }}
      onChange={(next) => {
        if (next.number !== number) onNumber(next.number);
        if (next.country !== country) onCountry(next.country);
      }}
    />
  );
}
