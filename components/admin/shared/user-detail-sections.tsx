"use client";

import { useFormatter, useTranslations } from "next-intl";
import { type ReactNode, useId } from "react";
import { Card } from "@/components/ui/card";
import { displayName } from "@/lib/display-name";
import type { OnboardingStatus } from "@/lib/schemas/admin-user";
import { AdminCard } from "./admin-card";
import { type DetailUser, type FullUser, namedUser } from "./admin-user";
import { profileEntries } from "./profile-entries";
import type { Load } from "./use-admin-resource";

/**
 * A section of the user's pages: an admin card named by its h2 (an action may sit beside it),
 * with an optional hint below the heading, then the content.
 */
export function DetailSection({
  id,
  heading,
  hint,
  action,
  busy,
  children,
}: {
  /** The heading's id where something refers to it; otherwise one of its own. */
  id?: string;
  heading: ReactNode;
  hint?: ReactNode;
  action?: ReactNode;
  busy?: boolean;
  children: ReactNode;
}) {
  const generatedId = useId();
  return (
    <AdminCard headingId={id ?? generatedId} heading={heading} action={action} loading={busy} hint={hint}>
      {children}
    </AdminCard>
  );
}

/** A load as the lines below show it: running, done, found nothing, or failed with its message. */
type LoadLike = { state: "loading" | "ready" | "notFound" } | { state: "failed"; message: string };

/**
 * A load that is not ready: while it runs, its line (a status); when it failed or found nothing,
 * the message (an alert). `spaced` sets it apart from what is above it, where its container does
 * not space its children itself.
 */
export function LoadState({
  load,
  loadingText,
  notFoundText,
  spaced = true,
}: {
  load: LoadLike;
  loadingText: string;
  notFoundText?: string;
  spaced?: boolean;
}) {
  const margin = spaced ? "mt-3 " : "";
  if (load.state === "loading")
    return (
      <p role="status" className={`${margin}text-slate-700`}>
        {loadingText}
      </p>
    );
  const failure =
    load.state === "failed" ? load.message : load.state === "notFound" ? notFoundText : undefined;
  if (failure === undefined) return null;
  return (
    <p role="alert" className={`${margin}rounded-lg bg-red-50 p-3 text-red-800`}>
      {failure}
    </p>
  );
}

/**
 * A user's page until the user is loaded: its h1 (`titleId` names the page's panel, as it will
 * once loaded), the loading line or the failure, and after a failure the way back.
 */
export function UserPageLoading({
  titleId,
  title,
  load,
  notFoundText,
  back,
}: {
  titleId: string;
  title: string;
  load: LoadLike;
  notFoundText: string;
  back: ReactNode;
}) {
  const t = useTranslations("AdminUser.detail");
  return (
    <Card as="section" aria-labelledby={titleId} padding="compact" className="min-w-0">
      <h1 id={titleId} className="text-2xl font-semibold text-slate-900">
        {title}
      </h1>
      <LoadState load={load} loadingText={t("loading")} notFoundText={notFoundText} />
      {load.state !== "loading" && back}
    </Card>
  );
}

/**
 * A section that loads its own data (`load`): its heading (an action may sit beside it), the
 * loading line, the failure, the empty note when `empty` is set, then the content.
 */
export function LoadSection({
  heading,
  action,
  load,
  loadingText,
  empty,
  children,
}: {
  heading: ReactNode;
  action?: ReactNode;
  load: Load<unknown>;
  loadingText: string;
  empty?: string | false;
  children: ReactNode;
}) {
  return (
    <DetailSection heading={heading} action={action} busy={load.state === "loading"}>
      {load.state === "loading" && <p className="mt-3 text-slate-700">{loadingText}</p>}
      {load.state === "failed" && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-800">
          {load.message}
        </p>
      )}
      {empty && <p className="mt-3 text-slate-700">{empty}</p>}
      {children}
    </DetailSection>
  );
}

const STEPS = [
  ["email_verified", "email_verified_at"],
  ["documents_uploaded", "documents_uploaded_at"],
  ["profile_completed", "profile_completed_at"],
  ["contract_signed", "contract_signed_at"],
] as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

function useDate() {
  const format = useFormatter();
  const t = useTranslations("AdminUser.info");
  return (value: string | null | undefined) => {
    const date = value ? new Date(value) : null;
    if (!date || Number.isNaN(date.getTime())) return t("never");
    return format.dateTime(date, { dateStyle: "medium", timeStyle: "short" });
  };
}

/** The account: names, email, type, role, status, dates and the four onboarding steps. */
export function UserInfoSection({ user, status }: { user: DetailUser; status: OnboardingStatus }) {
  const t = useTranslations("AdminUser.info");
  const date = useDate();
  return (
    <DetailSection heading={t("heading")}>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Row label={t("email")}>{user.email}</Row>
        <Row label={user.user_type === "company" ? t("companyName") : t("name")}>
          {displayName(namedUser(user), t("noName"))}
        </Row>
        <Row label={t("type")}>{t("types", { type: user.user_type })}</Row>
        <Row label={t("role")}>{t("roles", { role: user.role })}</Row>
        <Row label={t("status")}>{t("statuses", { status: user.status })}</Row>
        <Row label={t("adminVerified")}>{user.is_admin_verified ? t("yes") : t("no")}</Row>
        <Row label={t("twoFactor")}>{user.two_factor_enabled ? t("twoFactorOn") : t("twoFactorOff")}</Row>
        <Row label={t("createdAt")}>{date(user.created_at)}</Row>
        <Row label={t("lastLogin")}>{date(user.last_login_at)}</Row>
      </dl>
      <h3 className="mt-5 text-base font-semibold text-slate-900">{t("onboarding")}</h3>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {STEPS.map(([step, at]) => {
          const done = status[step] === 1;
          return (
            <li
              key={step}
              className={`rounded-lg border px-3 py-2 text-sm ${done ? "border-green-700/40 bg-green-50 text-green-900" : "border-amber-700/40 bg-amber-50 text-amber-950"}`}
            >
              <span className="font-semibold">{t(`steps.${step}`)}</span>
              {": "}
              {done ? t("stepDone") : t("stepMissing")}
              {done && status[at] && <span className="block text-slate-800">{date(status[at])}</span>}
            </li>
          );
        })}
      </ul>
    </DetailSection>
  );
}

/** The personal or company profile fields that are filled in, labelled like the profile form. */
export function ProfileDetailsSection({ full }: { full: FullUser }) {
  const t = useTranslations("AdminUser.profile");
  const label = useTranslations("ProfileForm.fields");
  const entries = profileEntries(full);
  return (
    <DetailSection heading={t("heading")}>
      {entries.length === 0 ? (
        <p className="mt-3 text-slate-700">{t("empty")}</p>
      ) : (
        <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {entries.map(({ field, value }) => (
            <Row key={field} label={label(field)}>
              {value}
            </Row>
          ))}
        </dl>
      )}
    </DetailSection>
  );
}

/** The user's permission names, or 'No permissions available.' */
export function PermissionListSection({ permissions }: { permissions: string[] }) {
  const t = useTranslations("AdminUser.permissions");
  return (
    <DetailSection heading={t("heading")}>
      {permissions.length === 0 ? (
        <p className="mt-3 text-slate-700">{t("noneAvailable")}</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2">
          {permissions.map((permission) => (
            <li
              key={permission}
              className="break-all rounded-full bg-slate-100 px-3 py-1 font-mono text-sm text-slate-900"
            >
              {permission}
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}
