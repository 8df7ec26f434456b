import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { loadTemplateList } from "@/components/admin/admin-data.server";
import { TemplateAdmin } from "@/components/admin/contracts/template-admin";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminContracts.templatesPage");
  return { title: t("title") };
}

/** The template page: create templates, activate or deactivate them (the list comes with the first render). */
export default async function ContractTemplatesPage() {
  const t = await getTranslations("AdminContracts.templatesPage");
  const list = await loadTemplateList();
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        id="contract-templates-title"
        title={t("title")}
        description={t("subtitle")}
        actions={
          <Link href="/admin/contract-dashboard" className={buttonClass({ size: "sm" })}>
            {t("dashboardLink")}
          </Link>
        }
      />
      <TemplateAdmin initial={list} />
    </main>
  );
}
