"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { useAuth } from "@/components/auth/auth-provider";
import type { PhoneValue } from "@/components/register/phone-field";
import { primaryButtonClass } from "@/components/ui/form-field";
import { type CompanyProfileInput, companyProfileSchema } from "@/lib/schemas/profile";
import { localDate } from "./local-date";
import { emptyPhone, ProfilePhoneField, toInternationalPhone } from "./profile-phone-field";
import { ProfileTextField } from "./profile-text-field";
import { mappedResolver, useProfileForm } from "./use-profile-form";

type CompanyValues = {
  companyName: string;
  companyPhone: PhoneValue;
  companyEmail: string;
  address: string;
  registrationDate: string;
  zipCode: string;
  city: string;
  country: string;
  branch: string;
  numberOfEmployees: string;
  registrationNumber: string;
  accountHolderName: string;
  iban: string;
  currentPassword: string;
  contactPersonName: string;
  contactPersonPhone: PhoneValue;
};
type PhoneName = "companyPhone" | "contactPersonPhone";

const toInput = (values: CompanyValues): CompanyProfileInput => ({
  ...values,
  companyPhone: toInternationalPhone(values.companyPhone),
  contactPersonPhone: toInternationalPhone(values.contactPersonPhone),
  // Blank is 'missing' (requiredFields), not the number 0 (minEmployees).
  numberOfEmployees: values.numberOfEmployees.trim() || undefined,
});

const resolver = mappedResolver(zodResolver(companyProfileSchema), toInput);

/** Spec §3/§5 company profile, checked with the API's own schema (lib/schemas/profile.ts). */
export function CompanyProfileForm() {
  const t = useTranslations("ProfileForm");
  const { user } = useAuth();
  const [defaults] = useState<CompanyValues>(() => ({
    companyName: user?.companyName ?? "",
    companyPhone: emptyPhone(),
    // A company account signs in with the company's email (the API shows the same).
    companyEmail: user?.email ?? "",
    address: "",
    registrationDate: "",
    zipCode: "",
    city: "",
    country: "",
    branch: "",
    numberOfEmployees: "",
    registrationNumber: "",
    accountHolderName: user?.companyName ?? "",
    iban: "",
    currentPassword: "",
    contactPersonName: "",
    contactPersonPhone: emptyPhone(),
  }));
  const {
    form,
    ready,
    needsPassword,
    busy,
    submitting,
    redirecting,
    formError,
    formErrorId,
    onSubmit,
    fieldError,
  } = useProfileForm({
    kind: "company",
    defaults,
    resolver,
  });
  const { register, control } = form;

  if (!ready) {
    return (
      <p role="status" className="text-slate-700">
        {t("loading")}
      </p>
    );
  }

  const id = (name: keyof CompanyValues) => `profile-${name}`;
  const text = (
    name: Exclude<keyof CompanyValues, PhoneName>,
    options: Omit<Parameters<typeof ProfileTextField>[0], "id" | "label" | "registration" | "error"> = {},
  ) => (
    <ProfileTextField
      id={id(name)}
      label={t(`fields.${name}`)}
      registration={register(name)}
      error={fieldError(name)}
      {...options}
    />
  );
  const phone = (name: PhoneName, required: boolean) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ProfilePhoneField
          id={id(name)}
          label={t(`fields.${name}`)}
          required={required}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldError(name)}
          autoComplete={required ? "tel" : "off"}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div className="space-y-1 text-sm text-slate-700">
        <p>{t("requiredNote")}</p>
        <p>{t("draftNote")}</p>
      </div>
      {formError && (
        <p
          id={formErrorId}
          role="alert"
          tabIndex={-1}
          className="rounded-lg bg-red-50 p-3 text-sm text-red-800 focus-visible:outline-2 focus-visible:outline-red-800"
        >
          {formError}
        </p>
      )}
      <fieldset disabled={busy} className="space-y-6">
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-slate-900">{t("sections.company")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("companyName", { autoComplete: "organization" })}
            {text("companyEmail", {
              type: "email",
              autoComplete: "email",
              maxLength: 254,
              inputMode: "email",
              // The account's login: a profile save does not change it (server profile-view.ts).
              readOnly: true,
              hint: t("companyEmailHint"),
            })}
          </div>
          {phone("companyPhone", true)}
          <div className="grid gap-4 sm:grid-cols-2">
            {text("branch", { required: true })}
            {text("numberOfEmployees", { required: true, type: "number", inputMode: "numeric", min: 1 })}
            {text("registrationNumber", { required: true, maxLength: 100 })}
            {text("registrationDate", { type: "date", max: localDate() })}
          </div>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-slate-900">{t("sections.address")}</legend>
          {text("address", { required: true, autoComplete: "street-address" })}
          <div className="grid gap-4 sm:grid-cols-2">
            {text("zipCode", { required: true, autoComplete: "postal-code", maxLength: 20 })}
            {text("city", { required: true, autoComplete: "address-level2", maxLength: 100 })}
          </div>
          {text("country", { required: true, autoComplete: "country-name", maxLength: 100 })}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-slate-900">{t("sections.contactPerson")}</legend>
          {text("contactPersonName", { autoComplete: "off" })}
          {phone("contactPersonPhone", false)}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-slate-900">{t("sections.bank")}</legend>
          {text("accountHolderName", { required: true, autoComplete: "off" })}
          {text("iban", { required: true, autoComplete: "off", maxLength: 42, hint: t("ibanHint") })}
          {needsPassword &&
            text("currentPassword", {
              type: "password",
              autoComplete: "current-password",
              maxLength: 1024,
              hint: t("currentPasswordHint"),
            })}
        </fieldset>
      </fieldset>

      <button type="submit" className={primaryButtonClass} disabled={busy} aria-busy={submitting}>
        {submitting ? t("saving") : t("submit")}
      </button>
      {redirecting && (
        <p role="status" className="text-sm text-slate-700">
          {t("redirecting")}
        </p>
      )}
    </form>
  );
}
