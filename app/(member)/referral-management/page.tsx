import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ReferralManagement } from "@/components/referrals/referral-management";
import { Card } from "@/components/ui/card";
import { linkClass } from "@/components/ui/styles";
import { apiPath } from "@/lib/api/endpoint";
import { referralApi } from "@/lib/api/referrals";
import { displayName } from "@/lib/display-name";
import { referralListSchema, referralStatsResponseSchema } from "@/lib/schemas/referrals";
import { apiGetAsUser } from "@/web/api-server";
import { dashboardWithNotice } from "@/web/notices";
import { canManageReferrals } from "@/web/route-guards";
import { requireSession } from "@/web/session-server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Referrals");
  return { title: t("title") };
}

/** The referral page: heading, who is managing, stats, the generator and the links. */
export default async function ReferralManagementPage() {
  const session = await requireSession();
  // proxy.ts redirects with the permission toast from the token's claims; this re-check uses
  // the user as the API knows it now, so a permission revoked since the token was issued counts.
  if (!canManageReferrals(session.user)) redirect(dashboardWithNotice("referral-permission"));
  const t = await getTranslations("Referrals");
  const { user } = session;
  // With the first render: cards that arrive later move everything below them.
  const [stats, list] = await Promise.all([
    apiGetAsUser(apiPath(referralApi.stats), referralStatsResponseSchema),
    apiGetAsUser(apiPath(referralApi.list), referralListSchema),
  ]);
  return (
    <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <Card as="section" aria-labelledby="referrals-title">
        <h1 id="referrals-title" className="text-2xl font-semibold text-slate-900">
          {t("title")}
        </h1>
        <p className="mt-1 text-slate-700">
          {t("subtitle", { type: user.userType, name: displayName(user, t("fallbackName")) })}
        </p>
        <Link href="/earnings" className={`${linkClass} mt-2 inline-block`}>
          {t("earningsLink")}
        </Link>
      </Card>
      <ReferralManagement initial={{ stats: stats?.stats ?? null, links: list?.tokens ?? null }} />
    </main>
  );
}
