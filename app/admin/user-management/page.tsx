import { loadUserStats } from "@/components/admin/shared/admin-data.server";
import { AdminPage, adminPageMetadata } from "@/components/admin/shared/admin-page";
import type { SearchParams } from "@/components/admin/shared/list-query";
import { readUserListQuery } from "@/components/admin/shared/read-list-queries";
import { UserListManagement } from "@/components/admin/users/user-list-management";
import { userListApiPath } from "@/components/admin/users/user-list-query";
import { userListResponseSchema } from "@/lib/schemas/admin";
import { apiGetAsUser } from "@/web/api-server";

export const generateMetadata = adminPageMetadata("AdminArea.users");

/**
 * /admin/user-management (the admin layout has checked the role). The list comes with
 * the first render, for the filters, search, page and size the URL names, and so do the counts
 * above it (nothing is fetched by the browser to fill the page).
 */
export default async function UserManagementPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = readUserListQuery(await searchParams);
  const [list, stats] = await Promise.all([
    apiGetAsUser(userListApiPath(query), userListResponseSchema),
    loadUserStats(),
  ]);
  return (
    <AdminPage namespace="AdminArea.users" id="user-management-title">
      <UserListManagement query={query} list={list} stats={stats} />
    </AdminPage>
  );
}
