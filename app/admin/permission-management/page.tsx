import { PermissionManagement } from "@/components/admin/permissions/permission-management";
import { AdminPage, adminPageMetadata } from "@/components/admin/shared/admin-page";
import { permissionApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { permissionListResponseSchema } from "@/lib/schemas/admin-user";
import { apiGetAsUser } from "@/web/api-server";

export const generateMetadata = adminPageMetadata("AdminArea.permissions");

/** /admin/permission-management (the admin layout has checked the role); the list comes with the first render. */
export default async function PermissionManagementPage() {
  const list = await apiGetAsUser(apiPath(permissionApi.list), permissionListResponseSchema);
  return (
    <AdminPage namespace="AdminArea.permissions" id="permission-management-title">
      <PermissionManagement permissions={list?.permissions ?? null} />
    </AdminPage>
  );
}
