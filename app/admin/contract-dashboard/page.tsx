import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ContractDashboard } from "@/components/admin/contracts/contract-dashboard";
import { buttonClass } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminContracts.dashboard");
  return { title: t("title") };
}

/** Spec §2 /admin/contract-dashboard (the admin layout has checked the role). */
export default async function ContractDashboardPage() {
  const t = await getTranslations("AdminContracts.dashboard");
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <section
        aria-labelledby="contract-dashboard-title"
        className="flex flex-wrap items-start justify-between gap-4 rounded-2xl bg-white p-6 shadow-xl"
      >
        <div className="min-w-0">
          <h1 id="contract-dashboard-title" className="text-2xl font-semibold text-slate-900">
            {t("title")}
          </h1>
          <p className="mt-1 text-slate-700">{t("subtitle")}</p>
        </div>
        <Link href="/admin/contract-templates" className={buttonClass({ size: "sm" })}>
          {t("templatesLink")}
        </Link>
      </section>
      <ContractDashboard />
    </main>
  );
}
