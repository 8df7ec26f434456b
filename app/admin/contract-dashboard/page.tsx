import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { loadContractDashboard } from "@/components/admin/admin-data.server";
import { ContractDashboard } from "@/components/admin/contracts/contract-dashboard";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminContracts.dashboard");
  return { title: t("title") };
}

/**
 * The contract dashboard (the admin layout has checked the role). The stamp and the template
 * list come with the first render, so nothing moves in after the first paint.
 */
export default async function ContractDashboardPage() {
  const t = await getTranslations("AdminContracts.dashboard");
  const data = await loadContractDashboard();
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        id="contract-dashboard-title"
        title={t("title")}
        description={t("subtitle")}
        actions={
          <Link href="/admin/contract-templates" className={buttonClass({ size: "sm" })}>
            {t("templatesLink")}
          </Link>
        }
      />
      <ContractDashboard data={data} />
    </main>
  );
}
