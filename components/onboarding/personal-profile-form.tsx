"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { useAuth } from "@/components/auth/auth-provider";
import type { PhoneValue } from "@/components/register/phone-field";
import { primaryButtonClass } from "@/components/ui/form-field";
import { type PersonalProfileInput, personalProfileSchema } from "@/lib/schemas/profile";
import { localDate } from "./local-date";
import { emptyPhone, ProfilePhoneField, toInternationalPhone } from "./profile-phone-field";
import { ProfileTextField } from "./profile-text-field";
import { mappedResolver, useProfileForm } from "./use-profile-form";

type PersonalValues = {
  dateOfBirth: string;
  nationality: string;
  address: string;
  zipCode: string;
  city: string;
  country: string;
  phone: PhoneValue;
  phoneSecondary: PhoneValue;
  emergencyContactName: string;
  emergencyContactPhone: PhoneValue;
  accountHolderName: string;
  iban: string;
  currentPassword: string;
  referralEmail: string;
};
type PhoneName = "phone" | "phoneSecondary" | "emergencyContactPhone";

const toInput = (values: PersonalValues): PersonalProfileInput => ({
  ...values,
  phone: toInternationalPhone(values.phone),
  phoneSecondary: toInternationalPhone(values.phoneSecondary),
  emergencyContactPhone: toInternationalPhone(values.emergencyContactPhone),
});

const resolver = mappedResolver(zodResolver(personalProfileSchema), toInput);

/** Spec §3/§5 personal profile, checked with the API's own schema (lib/schemas/profile.ts). */
export function PersonalProfileForm() {
  const t = useTranslations("ProfileForm");
  const { user } = useAuth();
  const [defaults] = useState<PersonalValues>(() => ({
    dateOfBirth: "",
    nationality: "",
    address: "",
    zipCode: "",
    city: "",
    country: "",
    phone: emptyPhone(),
    phoneSecondary: emptyPhone(),
    emergencyContactName: "",
    emergencyContactPhone: emptyPhone(),
    // The account usually belongs to the member: a start they can change.
    accountHolderName: [user?.firstName, user?.lastName].filter(Boolean).join(" "),
    iban: "",
    currentPassword: "",
    referralEmail: "",
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
    kind: "personal",
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

  const id = (name: keyof PersonalValues) => `profile-${name}`;
  const text = (
    name: Exclude<keyof PersonalValues, PhoneName>,
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
  const phone = (name: PhoneName, autoComplete = "tel") => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ProfilePhoneField
          id={id(name)}
          label={t(`fields.${name}`)}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldError(name)}
          autoComplete={autoComplete}
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
          <legend className="text-lg font-semibold text-slate-900">{t("sections.personal")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("dateOfBirth", {
              required: true,
              type: "date",
              autoComplete: "bday",
              // The API's bounds (server/domain/profile/profile-dates.ts): a real date since 1900, in the past.
              min: "1900-01-01",
              max: localDate(-1),
            })}
            {text("nationality", { required: true, maxLength: 100 })}
          </div>
          {text("referralEmail", { type: "email", autoComplete: "off", maxLength: 254, inputMode: "email" })}
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
          <legend className="text-lg font-semibold text-slate-900">{t("sections.contact")}</legend>
          {phone("phone")}
          {phone("phoneSecondary", "off")}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-slate-900">{t("sections.emergency")}</legend>
          {text("emergencyContactName", { autoComplete: "off" })}
          {phone("emergencyContactPhone", "off")}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-slate-900">{t("sections.bank")}</legend>
          {text("accountHolderName", { required: true, autoComplete: "name" })}
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
