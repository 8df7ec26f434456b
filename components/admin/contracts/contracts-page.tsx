import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { loadContractDashboard, loadTemplateList } from "@/components/admin/shared/admin-data.server";
import { AdminPage, adminPageMetadata } from "@/components/admin/shared/admin-page";
import { buttonClass } from "@/components/ui/button";
import { ContractDashboard } from "./contract-dashboard";
import { TemplateAdmin } from "./template-admin";

type ContractsPageName = "dashboard" | "templates";

const namespaces = {
  dashboard: "AdminContracts.dashboard",
  templates: "AdminContracts.templatesPage",
} as const;

/** A contract page's `generateMetadata`. */
export function contractsPageMetadata(page: ContractsPageName) {
  return adminPageMetadata(namespaces[page]);
}

/**
 * One of the two contract pages, whose header links to the other: the dashboard (stamp,
 * templates and their versions) and the template page (create, activate, deactivate). Their data
 * comes with the first render, so nothing moves in after the first paint.
 */
export async function ContractsPage({ page }: { page: ContractsPageName }) {
  const t = await getTranslations("AdminContracts");
  const link =
    page === "dashboard"
      ? { href: "/admin/contract-templates", label: t("dashboard.templatesLink") }
      : { href: "/admin/contract-dashboard", label: t("templatesPage.dashboardLink") };
  return (
    <AdminPage
      namespace={namespaces[page]}
      id={page === "dashboard" ? "contract-dashboard-title" : "contract-templates-title"}
      actions={
        <Link href={link.href} className={buttonClass({ size: "sm" })}>
          {link.label}
        </Link>
      }
    >
      {page === "dashboard" ? (
        <ContractDashboard data={await loadContractDashboard()} />
      ) : (
        <TemplateAdmin initial={await loadTemplateList()} />
      )}
    </AdminPage>
  );
}
