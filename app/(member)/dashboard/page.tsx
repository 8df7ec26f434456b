import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { ResignNotice } from "@/components/contracts-resign/resign-notice";
import { AccountNotice } from "@/components/dashboard/account-notice";
import { IdExpiryNotice } from "@/components/dashboard/id-expiry-notice";
import { LatestNews } from "@/components/dashboard/latest-news";
import { WebshopTeaser } from "@/components/dashboard/news-and-shop";
import { QuickActions } from "@/components/dashboard/quick-actions";
import { StatusCards } from "@/components/dashboard/status-cards";
import { Card } from "@/components/ui/card";
import { linkClass } from "@/components/ui/styles";
import { apiPath } from "@/lib/api/endpoint";
import { newsApi } from "@/lib/api/news";
import { onboardingApi } from "@/lib/api/onboarding";
import { displayName } from "@/lib/display-name";
import { idExpirySchema } from "@/lib/schemas/id-expiry";
import { memberNewsListSchema } from "@/lib/schemas/news";
import { EMPTY_STATUS, onboardingStatusSchema, sentBackResponseSchema } from "@/lib/schemas/onboarding";
import { apiGetAsUser, apiLoadAsUser } from "@/web/api-server";
import { webEnv } from "@/web/env";
import { isAdminRole } from "@/web/route-guards";
import { requireSession } from "@/web/session-server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Header");
  return { title: t("dashboard") };
}

/** The member dashboard. Layout breakpoint 640 px (Tailwind `sm`). */
export default async function DashboardPage() {
  const session = await requireSession();
  const t = await getTranslations("Dashboard");
  const locale = await getLocale();
  const { user } = session;
  const admin = isAdminRole(user.role);

  const [status, news, idExpiry, sentBack] = await Promise.all([
    admin ? null : apiGetAsUser(apiPath(onboardingApi.status), onboardingStatusSchema.passthrough()),
    apiLoadAsUser(apiPath(newsApi.published, { limit: 5, lang: locale }), memberNewsListSchema),
    admin ? null : apiGetAsUser(apiPath(onboardingApi.idExpiry), idExpirySchema),
    admin ? null : apiGetAsUser(apiPath(onboardingApi.sentBack), sentBackResponseSchema),
  ]);
  // A failed status call treats every step as missing.
  const flags = status ?? EMPTY_STATUS;
  const allDone =
    flags.email_verified === 1 &&
    flags.documents_uploaded === 1 &&
    flags.profile_completed === 1 &&
    flags.contract_signed === 1;

  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <Card as="section">
        <h1 className="text-2xl font-semibold text-slate-900">
          {t("welcome", { name: displayName(user, t("fallbackName")) })}
        </h1>
        <p className="mt-1 text-slate-700">{t("accountType", { type: user.userType })}</p>
      </Card>

      {admin ? (
        <Card as="section" aria-labelledby="admin-heading">
          <h2 id="admin-heading" className="text-lg font-semibold text-slate-900">
            {t("admin.heading")}
          </h2>
          <p className="mt-2 text-slate-700">{t("admin.body")}</p>
          <Link href="/admin/dashboard" className={`${linkClass} mt-3 inline-block`}>
            {t("admin.open")}
          </Link>
        </Card>
      ) : (
        <>
          <AccountNotice approved={flags.is_admin_verified === 1} allDone={allDone} />
          <ResignNotice userType={user.userType} />
          <IdExpiryNotice expiry={idExpiry} userType={user.userType} />
          <StatusCards status={flags} userType={user.userType} />
          {flags.is_admin_verified === 1 && (
            <Card as="section" aria-labelledby="earnings-heading">
              <h2 id="earnings-heading" className="text-lg font-semibold text-slate-900">
                {t("earnings.heading")}
              </h2>
              <p className="mt-2 text-slate-700">{t("earnings.body")}</p>
              <Link href="/earnings" className={`${linkClass} mt-3 inline-block`}>
                {t("earnings.open")}
              </Link>
            </Card>
          )}
          {!allDone && (
            <QuickActions status={flags} userType={user.userType} sentBack={sentBack?.sentBack ?? null} />
          )}
        </>
      )}

      <div className="grid items-start gap-6 sm:grid-cols-2">
        <LatestNews items={news.ok ? news.data.news : null} />
        <WebshopTeaser url={webEnv().WEBSHOP_SIGN_IN_URL ?? webEnv().WEBSHOP_URL} />
      </div>
    </main>
  );
}
