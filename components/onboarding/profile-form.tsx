"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { useAuth } from "@/components/auth/auth-provider";
import type { PhoneValue } from "@/components/forms/phone-field";
import { lazy, lazyZodResolver, usePreloadChecks } from "@/components/forms/use-schema-form";
import { textOr } from "@/components/i18n/dynamic-text";
import type { CompanyProfileInput, PersonalProfileInput } from "@/lib/schemas/profile";
import type { AccountType } from "@/lib/vocabulary";
import { DataUseNotice } from "./data-use-notice";
import { FormError } from "./form-error";
import { profileSchemas } from "./onboarding-schemas.lazy";
import { type ProfileFieldSpec, profileDefaults, profileSections, toProfileInput } from "./profile-layout";
import { ProfilePhoneField } from "./profile-phone-field";
import { ProfileTextField } from "./profile-text-field";
import type { ProfileValues } from "./profile-values";
import { StepSubmit } from "./step-submit";
import { mappedResolver, useProfileForm } from "./use-profile-form";

const resolvers = {
  personal: mappedResolver(
    lazyZodResolver(lazy(async () => (await profileSchemas()).personal)),
    (values: ProfileValues) => toProfileInput("personal", values) as PersonalProfileInput,
  ),
  company: mappedResolver(
    lazyZodResolver(lazy(async () => (await profileSchemas()).company)),
    (values: ProfileValues) => toProfileInput("company", values) as CompanyProfileInput,
  ),
};

/**
 * The profile of either account type, checked with the API's own schema (lib/schemas/profile.ts);
 * the fields and their order come from profile-layout.ts. `privacyUrl`: the operator's privacy
 * policy, linked from the notice on why the bank details are needed.
 */
export function ProfileForm({ accountType, privacyUrl }: { accountType: AccountType; privacyUrl?: string }) {
  const t = useTranslations("ProfileForm");
  const { user } = useAuth();
  const [defaults] = useState(() => profileDefaults(accountType, user));
  usePreloadChecks(profileSchemas);
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
  } = useProfileForm<ProfileValues, unknown>({
    kind: accountType,
    defaults,
    resolver: resolvers[accountType],
  });
  const { register, control } = form;

  if (!ready) {
    // As tall as the screen: the form that replaces it is taller, so what follows the form (the
    // way back to the dashboard) starts below the fold either way instead of jumping down.
    return (
      <p role="status" className="min-h-screen text-slate-700">
        {t("loading")}
      </p>
    );
  }

  const field = (spec: ProfileFieldSpec) => {
    const id = `profile-${spec.name}`;
    const label = textOr(t, `fields.${spec.name}`, spec.name);
    if (spec.kind === "phone") {
      return (
        <Controller
          key={spec.name}
          control={control}
          name={spec.name}
          render={({ field: phone }) => (
            <ProfilePhoneField
              id={id}
              label={label}
              required={spec.required}
              value={phone.value as PhoneValue}
              onChange={phone.onChange}
              onBlur={phone.onBlur}
              inputRef={phone.ref}
              error={fieldError(spec.name)}
              disabled={busy}
              autoComplete={spec.autoComplete}
            />
          )}
        />
      );
    }
    const { name, kind: _kind, hint, ...props } = spec;
    return (
      <ProfileTextField
        key={name}
        id={id}
        label={label}
        registration={register(name)}
        error={fieldError(name)}
        hint={hint ? t(hint) : undefined}
        {...props}
      />
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div className="space-y-1 text-sm text-slate-700">
        <p>{t("requiredNote")}</p>
        <p>{t("draftNote")}</p>
      </div>
      <FormError id={formErrorId} message={formError} />
      <fieldset disabled={busy} className="space-y-6">
        {profileSections(accountType, needsPassword).map((section) => (
          <fieldset key={section.legend} className="space-y-4">
            <legend className="text-lg font-semibold text-slate-900">
              {textOr(t, `sections.${section.legend}`, section.legend)}
            </legend>
            {section.legend === "bank" && (
              <DataUseNotice topic="bank" accountType={accountType} privacyUrl={privacyUrl} />
            )}
            {section.rows.map((row) =>
              row.length === 1 && row[0] ? (
                field(row[0])
              ) : (
                <div key={row.map((spec) => spec.name).join()} className="grid gap-4 sm:grid-cols-2">
                  {row.map(field)}
                </div>
              ),
            )}
          </fieldset>
        ))}
      </fieldset>

      <StepSubmit
        disabled={busy}
        loading={submitting}
        redirecting={redirecting}
        redirectingText={t("redirecting")}
      >
        {submitting ? t("saving") : t("submit")}
      </StepSubmit>
    </form>
  );
}
