import { DashboardOverview } from "@/components/admin/dashboard/dashboard-overview";
import { loadAdminDashboard } from "@/components/admin/shared/admin-data.server";
import { AdminPage, adminPageMetadata } from "@/components/admin/shared/admin-page";

export const generateMetadata = adminPageMetadata("AdminArea.dashboard");

/**
 * The admin dashboard (the admin layout has checked the role). Stats, server status and the
 * audit log come with the first render, so nothing moves in after the first paint and no browser
 * call is in flight when the session ends.
 */
export default async function AdminDashboardPage() {
  const data = await loadAdminDashboard();
  return (
    <AdminPage namespace="AdminArea.dashboard" id="admin-dashboard-title">
      <DashboardOverview data={data} />
    </AdminPage>
  );
}
