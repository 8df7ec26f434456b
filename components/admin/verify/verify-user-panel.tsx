"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { REDIRECT_DELAY_MS } from "@/lib/constants";
import { displayName } from "@/lib/display-name";
import { missingSteps } from "@/lib/onboarding-flags";
import { type AdminUserLoad, namedUser } from "../shared/admin-user";
import { useUserDetail } from "../shared/use-user-detail";
import { UserMediaSection } from "../shared/user-detail-media";
import { UserInfoSection, UserPageLoading } from "../shared/user-detail-sections";
import { RejectForm } from "./verify-reject-form";
import { VerifyChecksSection } from "./verify-user-checks";
import { VerifyForm } from "./verify-user-form";

const QUEUE_PATH = "/admin/verify-users";

/**
 * /admin/user-management/verify/{id}: the user's information, the ID images beside what
 * the admin compares them with (the ID's type, number and expiry, and the profile), a
 * permission form that verifies the user with the chosen permissions in one call (refused
 * with the reason while onboarding is unfinished), and a form
 * that sends the user back to redo one onboarding step. After either succeeds the page
 * returns to the queue after 1.2 s.
 */
export function VerifyUserPanel({
  userId,
  initial,
}: {
  userId: string;
  /** What the page loaded on the server; a part it could not load is fetched here. */
  initial?: AdminUserLoad;
}) {
  const t = useTranslations("AdminUser");
  const router = useRouter();
  const { load, media } = useUserDetail(userId, initial);
  const [done, setDone] = useState(false);
  const redirectTimer = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (redirectTimer.current !== null) window.clearTimeout(redirectTimer.current);
    },
    [],
  );
  const finish = () => {
    setDone(true);
    redirectTimer.current = window.setTimeout(
      () => router.push(QUEUE_PATH),
      REDIRECT_DELAY_MS.afterAdminVerification,
    );
  };

  const back = (
    <Link href={QUEUE_PATH} className={buttonClass({ variant: "secondary", size: "sm" })}>
      {t("verify.back")}
    </Link>
  );

  if (load.state !== "ready") {
    return (
      <UserPageLoading
        titleId="verify-user-title"
        title={t("verify.title")}
        load={load}
        notFoundText={t("verify.notFound")}
        back={<div className="mt-3">{back}</div>}
      />
    );
  }

  const { user, permissions } = load.data;
  return (
    <div className="space-y-6">
      <Card as="section" aria-labelledby="verify-user-title" padding="compact" className="min-w-0">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 id="verify-user-title" className="text-2xl font-semibold text-slate-900">
              {t("verify.title")}
            </h1>
            <p className="mt-1 break-words text-slate-700">
              {t("detail.subtitle", {
                name: displayName(namedUser(user), t("info.noName")),
                email: user.email,
              })}
            </p>
          </div>
          {back}
        </div>
        {user.is_admin_verified === 1 && (
          <p className="mt-3 rounded-lg bg-green-50 p-3 text-green-900">{t("verify.alreadyVerified")}</p>
        )}
      </Card>
      <UserInfoSection user={user} status={load.data.userStatus} />
      <div className="grid gap-6 lg:grid-cols-2">
        <UserMediaSection media={media} />
        <VerifyChecksSection full={load.data} />
      </div>
      <VerifyForm
        userId={user.id}
        initial={permissions}
        permissionList={initial?.permissions}
        missing={missingSteps(load.data.userStatus)}
        done={done}
        onDone={finish}
      />
      <RejectForm userId={user.id} done={done} onDone={finish} />
    </div>
  );
}
