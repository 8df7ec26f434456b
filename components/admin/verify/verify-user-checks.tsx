"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { textOr } from "@/components/i18n/dynamic-text";
import type { AdminFullUser } from "@/lib/schemas/admin-user";
import { DetailSection } from "../shared/user-detail-sections";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar day (YYYY-MM-DD, as the ID and profile forms store it) in the page's language. It
 * is read and written in UTC, so no time zone moves it to the day before.
 */
function useCalendarDay() {
  const format = useFormatter();
  return (value: string | null | undefined): ReactNode => {
    if (!value) return null;
    const date = DAY.test(value) ? new Date(`${value}T00:00:00Z`) : null;
    if (!date || Number.isNaN(date.getTime())) return value;
    return <time dateTime={value}>{format.dateTime(date, { dateStyle: "medium", timeZone: "UTC" })}</time>;
  };
}

function Row({ label, children, empty }: { label: string; children: ReactNode; empty: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="break-words text-slate-900">
        {children || <span className="text-slate-700">{empty}</span>}
      </dd>
    </div>
  );
}

const joined = (...parts: (string | null | undefined)[]) => parts.filter((part) => part?.trim()).join(" ");

/**
 * What the admin compares with the ID images before approving: the ID type, number and expiry
 * the member entered with the upload, and the profile's name, date of birth, nationality and
 * address (for a company: the contact person, the company and its address).
 */
export function VerifyChecksSection({ full }: { full: AdminFullUser }) {
  const t = useTranslations("AdminUser.checks");
  const tTypes = useTranslations("IdUpload.types");
  const day = useCalendarDay();
  const { idDetails, profile, user } = full;
  const idType = idDetails?.idType;
  const address = [profile.address, joined(profile.zipCode, profile.city), profile.country].filter((part) =>
    part?.trim(),
  );
  const notGiven = t("notGiven");

  return (
    <DetailSection heading={t("heading")} hint={t("hint")}>
      <h3 className="mt-4 text-base font-semibold text-slate-900">{t("idHeading")}</h3>
      {idDetails ? (
        <dl className="mt-2 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <Row label={t("idType")} empty={notGiven}>
            {idType && textOr(tTypes, idType, idType)}
          </Row>
          <Row label={t("idNumber")} empty={notGiven}>
            {idDetails.idNumber && <span className="font-mono">{idDetails.idNumber}</span>}
          </Row>
          <Row label={t("expiryDate")} empty={notGiven}>
            {day(idDetails.expiryDate)}
          </Row>
        </dl>
      ) : (
        <p className="mt-2 text-slate-700">{t("noId")}</p>
      )}
      <h3 className="mt-5 text-base font-semibold text-slate-900">{t("profileHeading")}</h3>
      <dl className="mt-2 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        {profile.userType === "company" ? (
          <>
            <Row label={t("contactPerson")} empty={notGiven}>
              {profile.contactPersonName}
            </Row>
            <Row label={t("companyName")} empty={notGiven}>
              {profile.companyName ?? user.company_name}
            </Row>
          </>
        ) : (
          <>
            <Row label={t("name")} empty={notGiven}>
              {joined(user.first_name, user.last_name)}
            </Row>
            <Row label={t("dateOfBirth")} empty={notGiven}>
              {day(profile.dateOfBirth)}
            </Row>
            <Row label={t("nationality")} empty={notGiven}>
              {profile.nationality}
            </Row>
          </>
        )}
        <Row label={t("address")} empty={notGiven}>
          {address.length > 0 &&
            address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
        </Row>
      </dl>
    </DetailSection>
  );
}
