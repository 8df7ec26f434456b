import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PermissionManagement } from "@/components/admin/permission-management";
import { PageHeader } from "@/components/ui/page-header";
import { permissionListResponseSchema } from "@/lib/schemas/admin-user";
import { apiGetAsUser } from "@/web/api-server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminArea.permissions");
  return { title: t("title") };
}

/** /admin/permission-management (the admin layout has checked the role); the list comes with the first render. */
export default async function PermissionManagementPage() {
  const t = await getTranslations("AdminArea.permissions");
  const list = await apiGetAsUser("/api/permissions", permissionListResponseSchema);
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader id="permission-management-title" title={t("title")} description={t("subtitle")} />
      <PermissionManagement permissions={list?.permissions ?? null} />
    </main>
  );
}
