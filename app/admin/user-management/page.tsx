import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "@/components/admin/list-query";
import { UserListManagement } from "@/components/admin/user-list-management";
import { readUserListQuery, userListApiPath } from "@/components/admin/user-list-query";
import { PageHeader } from "@/components/ui/page-header";
import { userListResponseSchema } from "@/lib/schemas/admin";
import { apiGetAsUser } from "@/web/api-server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminArea.users");
  return { title: t("title") };
}

/**
 * /admin/user-management (the admin layout has checked the role). The list comes with
 * the first render, for the filters, search, page and size the URL names.
 */
export default async function UserManagementPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const t = await getTranslations("AdminArea.users");
  const query = readUserListQuery(await searchParams);
  const list = await apiGetAsUser(userListApiPath(query), userListResponseSchema);
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader id="user-management-title" title={t("title")} description={t("subtitle")} />
      <UserListManagement query={query} list={list} />
    </main>
  );
}
