import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AdminPage } from "@/components/admin/admin-page";
import { buttonClass } from "@/components/ui/button";

/**
 * One of the two contract pages, whose header links to the other: the dashboard (stamp,
 * templates and their versions) and the template page (create, activate, deactivate).
 */
export async function ContractsPage({
  page,
  children,
}: {
  page: "dashboard" | "templates";
  children: ReactNode;
}) {
  const t = await getTranslations("AdminContracts");
  const link =
    page === "dashboard"
      ? { href: "/admin/contract-templates", label: t("dashboard.templatesLink") }
      : { href: "/admin/contract-dashboard", label: t("templatesPage.dashboardLink") };
  return (
    <AdminPage
      namespace={page === "dashboard" ? "AdminContracts.dashboard" : "AdminContracts.templatesPage"}
      id={page === "dashboard" ? "contract-dashboard-title" : "contract-templates-title"}
      actions={
        <Link href={link.href} className={buttonClass({ size: "sm" })}>
          {link.label}
        </Link>
      }
    >
      {children}
    </AdminPage>
  );
}
