import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CommissionPlanSection } from "@/components/admin/partner/commission-plan";
import { PayoutRuns } from "@/components/admin/partner/payout-runs";
import { ShopKeys } from "@/components/admin/partner/shop-keys";
import { SuperAdminOnly } from "@/components/admin/partner/super-admin-only";
import { PageHeader } from "@/components/ui/page-header";
import { apiPath } from "@/lib/api/endpoint";
import { partnerApi } from "@/lib/api/partner";
import { commissionPlanResultSchema, payoutRunListSchema, shopKeyListSchema } from "@/lib/schemas/partner";
import { apiLoadAsUser } from "@/web/api-server";
import { requireSession } from "@/web/session-server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminPartner");
  return { title: t("title") };
}

/**
 * /admin/partner-programme (the admin layout has checked the role): the shop's keys, the
 * commission plan and the payout runs, for super admins only. All come with the first render; an
 * admin who is not a super admin (as the API knows them now, or as its calls answer 403) is told
 * so instead.
 */
export default async function PartnerProgrammePage() {
  const t = await getTranslations("AdminPartner");
  const session = await requireSession();
  const superAdmin = session.user.role === "super_admin";
  const [keys, plan, payouts] = superAdmin
    ? await Promise.all([
        apiLoadAsUser(apiPath(partnerApi.shopKeys), shopKeyListSchema),
        apiLoadAsUser(apiPath(partnerApi.commissionPlan), commissionPlanResultSchema),
        apiLoadAsUser(apiPath(partnerApi.payouts), payoutRunListSchema),
      ])
    : [null, null, null];
  const refused =
    !keys || !plan || !payouts || [keys, plan, payouts].some((load) => !load.ok && load.error.status === 403);
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader id="partner-programme-title" title={t("title")} description={t("subtitle")} />
      {refused ? (
        <SuperAdminOnly />
      ) : (
        <>
          <ShopKeys initial={keys} />
          <CommissionPlanSection initial={plan} />
          <PayoutRuns initial={payouts} />
        </>
      )}
    </main>
  );
}
