"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { linkClass } from "@/components/ui/styles";
import { displayName } from "@/lib/display-name";
import { type AdminUserLoad, namedUser } from "../shared/admin-user";
import { useUserDetail } from "../shared/use-user-detail";
import { UserMediaSection } from "../shared/user-detail-media";
import {
  PermissionListSection,
  ProfileDetailsSection,
  UserInfoSection,
  UserPageLoading,
} from "../shared/user-detail-sections";
import { UserContractsSection } from "./user-contracts-section";
import { UserDetailActions } from "./user-detail-actions";
import { UserDetailAudit } from "./user-detail-audit";
import { UserInvitesSection } from "./user-detail-invites";

/**
 * /admin/user-management/view/{id} (read-only) and /profile/{id} (the same plus a
 * breadcrumb, the actions panel and the audit trail). While loading: 'Loading user...';
 * on failure or 404 a message with Go Back (one step back in the history).
 */
export function UserDetailView({
  userId,
  variant,
  initial,
}: {
  userId: string;
  variant: "view" | "profile";
  /** What the page loaded on the server; a part it could not load is fetched here. */
  initial?: AdminUserLoad;
}) {
  const t = useTranslations("AdminUser");
  const router = useRouter();
  const { load, setData, media } = useUserDetail(userId, initial);
  // Saving permissions writes an audit entry: remounting the trail loads it anew.
  const [auditVersion, setAuditVersion] = useState(0);

  const title = variant === "profile" ? t("detail.profileTitle") : t("detail.viewTitle");
  const goBack = (
    <button
      type="button"
      className={`${buttonClass({ variant: "secondary", size: "sm" })} mt-4`}
      onClick={() => router.back()}
    >
      {t("detail.goBack")}
    </button>
  );

  if (load.state !== "ready") {
    return (
      <UserPageLoading
        titleId="user-detail-title"
        title={title}
        load={load}
        notFoundText={t("detail.notFound")}
        back={goBack}
      />
    );
  }

  const full = load.data;
  const { user } = full;
  const name = displayName(namedUser(user), t("info.noName"));

  return (
    <div className="space-y-6">
      <Card as="section" aria-labelledby="user-detail-title" padding="compact" className="min-w-0">
        {variant === "profile" && (
          <nav aria-label={t("detail.breadcrumbLabel")} className="mb-3 text-sm">
            <ol className="flex flex-wrap items-center gap-x-2 text-slate-700">
              <li>
                <Link href="/admin/user-management" className={linkClass}>
                  {t("detail.breadcrumbRoot")}
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className="break-all text-slate-900">
                {user.email}
              </li>
            </ol>
          </nav>
        )}
        <h1 id="user-detail-title" className="text-2xl font-semibold text-slate-900">
          {title}
        </h1>
        <p className="mt-1 break-words text-slate-700">{t("detail.subtitle", { name, email: user.email })}</p>
      </Card>
      <UserInfoSection user={user} status={full.userStatus} />
      <ProfileDetailsSection full={full} />
      <UserMediaSection media={media} />
      <UserContractsSection userId={user.id} initial={initial?.contracts} />
      <PermissionListSection permissions={full.permissions} />
      <UserInvitesSection userId={user.id} initial={initial?.invites} />
      {variant === "profile" && (
        <>
          <UserDetailActions
            user={user}
            onPermissionsSaved={(permissions) => {
              setData((current) => ({ ...current, permissions }));
              setAuditVersion((version) => version + 1);
            }}
            onUserChanged={(patch) => {
              setData((current) => ({ ...current, user: { ...current.user, ...patch } }));
              setAuditVersion((version) => version + 1);
            }}
          />
          <UserDetailAudit
            key={auditVersion}
            userId={user.id}
            // After an action the trail is asked for again (a new key, without the first load).
            initial={auditVersion === 0 ? initial?.audit : undefined}
          />
        </>
      )}
    </div>
  );
}
