"use client";

import { useFormatter, useTranslations } from "next-intl";
import { type ReactNode, useId, useState } from "react";
import { linkClass } from "@/components/ui/form-field";
import { displayName } from "@/lib/display-name";
import type { OnboardingStatus } from "@/lib/schemas/admin-user";
import { MediaViewer } from "./media-viewer";
import type { Load } from "./use-admin-resource";
import {
  type DetailUser,
  type FullUser,
  type MediaItem,
  namedUser,
  profileEntries,
  shortenFileName,
} from "./user-detail-data";

export const sectionClass = "min-w-0 rounded-2xl bg-white p-4 shadow-xl sm:p-6";
export const sectionHeadingClass = "text-lg font-semibold text-slate-900";

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

/** The account: names, email, type, role, status, dates and the four onboarding steps (spec §3). */
export function UserInfoSection({ user, status }: { user: DetailUser; status: OnboardingStatus }) {
  const t = useTranslations("AdminUser.info");
  const date = useDate();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <h2 id={headingId} className={sectionHeadingClass}>
        {t("heading")}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Row label={t("email")}>{user.email}</Row>
        <Row label={user.user_type === "company" ? t("companyName") : t("name")}>
          {displayName(namedUser(user), t("noName"))}
        </Row>
        <Row label={t("type")}>{t("types", { type: user.user_type })}</Row>
        <Row label={t("role")}>{t("roles", { role: user.role })}</Row>
        <Row label={t("status")}>{t("statuses", { status: user.status })}</Row>
        <Row label={t("adminVerified")}>{user.is_admin_verified ? t("yes") : t("no")}</Row>
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
    </section>
  );
}

/** The personal or company profile fields that are filled in, labelled like the profile form. */
export function ProfileDetailsSection({ full }: { full: FullUser }) {
  const t = useTranslations("AdminUser.profile");
  const label = useTranslations("ProfileForm.fields");
  const headingId = useId();
  const entries = profileEntries(full);
  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <h2 id={headingId} className={sectionHeadingClass}>
        {t("heading")}
      </h2>
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
    </section>
  );
}

/** The user's permission names (spec §2), or 'No permissions available.' */
export function PermissionListSection({
  permissions,
  action,
}: {
  permissions: string[];
  action?: ReactNode;
}) {
  const t = useTranslations("AdminUser.permissions");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className={sectionHeadingClass}>
          {t("heading")}
        </h2>
        {action}
      </div>
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
    </section>
  );
}

const mediaButtonClass =
  "flex w-full min-w-0 flex-col items-stretch gap-2 rounded-xl border border-slate-300 bg-white p-2 text-left text-sm text-slate-900 hover:border-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

/**
 * Spec §2 media: the ID images (opening the media viewer, front → back → other) and the
 * contracts; PDFs and other files open in a new tab. Names over 24 characters are shortened,
 * the full name stays in the description and the tooltip.
 */
export function UserMediaSection({ media }: { media: Load<MediaItem[]> }) {
  const t = useTranslations("AdminUser.media");
  const headingId = useId();
  const [viewing, setViewing] = useState<number | null>(null);
  const items = media.state === "ready" ? media.data : [];
  const images = items.filter((item) => item.kind === "image" && item.src);

  return (
    <section aria-labelledby={headingId} aria-busy={media.state === "loading"} className={sectionClass}>
      <h2 id={headingId} className={sectionHeadingClass}>
        {t("heading")}
      </h2>
      {media.state === "loading" && <p className="mt-3 text-slate-700">{t("loading")}</p>}
      {media.state === "failed" && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-800">
          {media.message}
        </p>
      )}
      {(media.state === "notFound" || (media.state === "ready" && items.length === 0)) && (
        <p className="mt-3 text-slate-700">{t("empty")}</p>
      )}
      {items.length > 0 && (
        <ul className="mt-3 grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.id} className="min-w-0">
              <MediaTile item={item} onOpen={() => setViewing(images.indexOf(item))} />
            </li>
          ))}
        </ul>
      )}
      {viewing !== null && images.length > 0 && (
        <MediaViewer
          items={images}
          index={Math.min(viewing, images.length - 1)}
          onIndexChange={setViewing}
          onClose={() => setViewing(null)}
        />
      )}
    </section>
  );
}

function MediaTile({ item, onOpen }: { item: MediaItem; onOpen: () => void }) {
  const t = useTranslations("AdminUser.media");
  const descriptionId = useId();
  const label = item.group === "contract" ? t("contract") : t(`side.${item.side}`);
  const shortName = shortenFileName(item.name);
  const description = (
    <span id={descriptionId} className="sr-only">
      {item.name}
    </span>
  );
  const caption = (
    <span className="min-w-0">
      <span className="block font-semibold">{label}</span>
      {item.superseded && <span className="block text-amber-900">{t("superseded")}</span>}
      <span className="block truncate text-slate-700" title={item.name}>
        {shortName}
      </span>
    </span>
  );

  if (!item.src) {
    return (
      <div className="rounded-xl border border-slate-300 p-2 text-sm">
        {caption}
        <span className="block text-slate-700">{t("unavailable")}</span>
      </div>
    );
  }
  if (item.kind === "image") {
    return (
      <button type="button" className={mediaButtonClass} onClick={onOpen} aria-describedby={descriptionId}>
        {/* biome-ignore lint/performance/noImgElement: signed same-origin file URLs, not static assets for next/image. */}
        <img src={item.src} alt="" className="h-32 w-full rounded-lg bg-slate-100 object-contain" />
        {caption}
        <span className="text-brand-800 underline">{t("open")}</span>
        {description}
      </button>
    );
  }
  return (
    <div className="rounded-xl border border-slate-300 p-2 text-sm">
      {caption}
      <a
        href={item.src}
        target="_blank"
        rel="noopener noreferrer"
        className={`${linkClass} mt-1 inline-block`}
        aria-describedby={descriptionId}
      >
        {item.kind === "pdf" ? t("openPdf") : t("download")}
        <span className="sr-only"> {t("newTab")}</span>
      </a>
      {description}
    </div>
  );
}
