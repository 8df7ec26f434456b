import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadAdminDashboard } from "@/components/admin/admin-data.server";
import { DashboardOverview } from "@/components/admin/dashboard-overview";
import { PageHeader } from "@/components/ui/page-header";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminArea.dashboard");
  return { title: t("title") };
}

/**
 * The admin dashboard (the admin layout has checked the role). Stats, server status and the
 * audit log come with the first render, so nothing moves in after the first paint and no browser
 * call is in flight when the session ends.
 */
export default async function AdminDashboardPage() {
  const t = await getTranslations("AdminArea.dashboard");
  const data = await loadAdminDashboard();
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader id="admin-dashboard-title" title={t("title")} description={t("subtitle")} />
      <DashboardOverview data={data} />
    </main>
  );
}
