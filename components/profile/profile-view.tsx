import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { z } from "zod";
import { textOr } from "@/components/i18n/dynamic-text";
import { buttonClass } from "@/components/ui/button";
import { Card, SectionCard } from "@/components/ui/card";
import { linkClass } from "@/components/ui/styles";
import { accountApi } from "@/lib/api/account";
import { authApi } from "@/lib/api/auth";
import { contractApi } from "@/lib/api/contracts";
import { apiPath } from "@/lib/api/endpoint";
import { onboardingApi } from "@/lib/api/onboarding";
import { displayName } from "@/lib/display-name";
import { COMPANY_PROFILE_FIELDS, PERSONAL_PROFILE_FIELDS } from "@/lib/profile-field-order";
import { emailChangeStatusSchema } from "@/lib/schemas/account";
import type { SessionUser } from "@/lib/schemas/auth";
import { contractListResponseSchema } from "@/lib/schemas/contracts";
import { ownIdDocumentsSchema } from "@/lib/schemas/id-upload";
import { totpStatusSchema } from "@/lib/schemas/two-factor";
import { apiGetAsUser } from "@/web/api-server";
import { EmailChangeForm } from "./account/email-change-form";
import { MyDocuments } from "./documents/my-documents";
import { NotificationsSection } from "./notifications/notifications-section";
import { PrivacySection } from "./privacy/privacy-section";
import { SecuritySection } from "./security/security-section";

const profileResponseSchema = z.object({ profile: z.record(z.string(), z.unknown()).nullable() });

// Profile fields shown, in the order of the profile form, labelled like it: not the company's
// name and email (the account card shows them), nor the referral email.
const NOT_IN_DETAILS = new Set<string>(["companyName", "companyEmail", "referralEmail"]);
const PERSONAL_FIELDS = PERSONAL_PROFILE_FIELDS.filter((field) => !NOT_IN_DETAILS.has(field));
const COMPANY_FIELDS = COMPANY_PROFILE_FIELDS.filter((field) => !NOT_IN_DETAILS.has(field));

/** Calendar dates (YYYY-MM-DD) among the profile's fields: shown in the page's language. */
const DATE_FIELDS = new Set(["dateOfBirth", "registrationDate"]);

/** The page's sections, in order, each with its anchor (links from mails and the dashboard land on them). */
const SECTIONS = [
  ["account", "account"],
  ["details", "details"],
  ["documents", "documents"],
  ["permissions", "permissions"],
] as const;

/**
 * My account: what the member gave us and can change at any time. Account and profile details
 * (with Edit, whatever the onboarding state), the ID on file and the signed contracts, the
 * permissions in words, then the security, notification and privacy sections; a list of links to
 * the sections at the top.
 */
export async function ProfileView({ user }: { user: SessionUser }) {
  const t = await getTranslations("ProfilePage");
  const tSecurity = await getTranslations("ProfileSecurity");
  const tNotifications = await getTranslations("ProfileNotifications");
  const tPrivacy = await getTranslations("ProfilePrivacy");
  const fieldLabel = await getTranslations("ProfileForm.fields");
  const format = await getFormatter();
  const [response, documents, contracts, emailStatus, twoFactor] = await Promise.all([
    apiGetAsUser(apiPath(onboardingApi.profile), profileResponseSchema),
    apiGetAsUser(apiPath(onboardingApi.myDocuments), ownIdDocumentsSchema),
    apiGetAsUser(apiPath(contractApi.mine), contractListResponseSchema),
    apiGetAsUser(apiPath(accountApi.email), emailChangeStatusSchema),
    apiGetAsUser(apiPath(authApi.totpStatus), totpStatusSchema),
  ]);
  const profile = response?.profile ?? null;
  const fields = user.userType === "company" ? COMPANY_FIELDS : PERSONAL_FIELDS;
  const shown = profile
    ? fields.filter(
        (field) => profile[field] !== null && profile[field] !== undefined && profile[field] !== "",
      )
    : [];
  const date = (value: string | null) =>
    value ? format.dateTime(new Date(value), { dateStyle: "medium" }) : t("fields.never");
  // A calendar date has no time of day: read and shown in UTC, it stays the same day everywhere.
  const fieldValue = (field: string, value: unknown) =>
    DATE_FIELDS.has(field) && typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value)
      ? format.dateTime(new Date(`${value.slice(0, 10)}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" })
      : String(value);

  return (
    <main id="main" className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <Card as="section">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
          <span
            className="rounded-full bg-brand-50 px-3 py-0.5 text-sm font-semibold text-brand-800"
            data-testid="type-badge"
          >
            {t("badge", { type: user.userType })}
          </span>
        </div>
        <p className="mt-1 text-slate-700">{t("subtitle")}</p>
        <nav aria-label={t("sectionsLabel")} className="mt-4">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {SECTIONS.map(([anchor, key]) => (
              <li key={anchor}>
                <a href={`#${anchor}`} className={linkClass}>
                  {t(key)}
                </a>
              </li>
            ))}
            <li>
              <a href="#security" className={linkClass}>
                {tSecurity("title")}
              </a>
            </li>
            <li>
              <a href="#notifications" className={linkClass}>
                {tNotifications("title")}
              </a>
            </li>
            <li>
              <a href="#privacy" className={linkClass}>
                {tPrivacy("title")}
              </a>
            </li>
          </ul>
        </nav>
      </Card>
      {!response && (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
          {t("loadError")}
        </p>
      )}
      <SectionCard id="account" title={t("account")}>
        <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
          <Row label={t("fields.email")} value={emailStatus?.email ?? user.email} />
          <Row
            label={user.userType === "company" ? t("fields.companyName") : t("fields.name")}
            value={displayName(user, "—")}
          />
          <Row label={t("fields.role")} value={t(`roles.${user.role}`)} />
          <Row label={t("fields.status")} value={t(`statuses.${user.status}`)} />
          <Row label={t("fields.createdAt")} value={date(user.createdAt)} />
          <Row label={t("fields.lastLogin")} value={date(user.lastLogin)} />
        </dl>
        <div className="mt-6 border-t border-slate-200 pt-6">
          <EmailChangeForm
            key={emailStatus?.pendingEmail ?? "none"}
            pendingEmail={emailStatus?.pendingEmail ?? null}
            twoFactor={twoFactor?.enabled ?? false}
          />
        </div>
      </SectionCard>
      <SectionCard id="details" title={t("details")}>
        {shown.length > 0 && (
          <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700">{t("editHint")}</p>
            <Link
              href={`/${user.userType}-complete-profile`}
              className={buttonClass({ variant: "secondary", size: "sm" })}
            >
              {t("editDetails")}
            </Link>
          </div>
        )}
        {shown.length === 0 ? (
          <p className="mt-3 text-slate-700">
            {t("noDetails")}{" "}
            <Link href={`/${user.userType}-complete-profile`} className={linkClass}>
              {t("completeNow")}
            </Link>
          </p>
        ) : (
          <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
            {shown.map((field) => (
              <Row
                key={field}
                label={textOr(fieldLabel, field, field)}
                value={fieldValue(field, profile?.[field])}
              />
            ))}
          </dl>
        )}
      </SectionCard>
      <SectionCard id="documents" title={t("documents")}>
        <MyDocuments
          initial={{ documents: documents?.documents ?? null, contracts: contracts?.contracts ?? null }}
          userType={user.userType}
        />
      </SectionCard>
      <SectionCard id="permissions" title={t("permissions")}>
        {user.permissions.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("noPermissions")}</p>
        ) : (
          <ul className="mt-3 flex flex-wrap gap-2">
            {user.permissions.map((permission) => (
              <li key={permission} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                {textOr(t, `permissionNames.${permission}`, permission)}
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
      <SecuritySection />
      <NotificationsSection />
      <PrivacySection user={user} twoFactor={twoFactor?.enabled ?? false} />
    </main>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{value}</dd>
    </div>
  );
}
