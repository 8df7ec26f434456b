import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { TemplateAdmin } from "@/components/admin/contracts/template-admin";
import { adminPrimaryLinkClass } from "@/components/admin/dashboard-ui";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminContracts.templatesPage");
  return { title: t("title") };
}

/** Spec §2 'another admin template page': create templates, activate or deactivate them. */
export default async function ContractTemplatesPage() {
  const t = await getTranslations("AdminContracts.templatesPage");
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <section
        aria-labelledby="contract-templates-title"
        className="flex flex-wrap items-start justify-between gap-4 rounded-2xl bg-white p-6 shadow-xl"
      >
        <div className="min-w-0">
          <h1 id="contract-templates-title" className="text-2xl font-semibold text-slate-900">
            {t("title")}
          </h1>
          <p className="mt-1 text-slate-700">{t("subtitle")}</p>
        </div>
        <Link href="/admin/contract-dashboard" className={adminPrimaryLinkClass}>
          {t("dashboardLink")}
        </Link>
      </section>
      <TemplateAdmin />
    </main>
  );
}
