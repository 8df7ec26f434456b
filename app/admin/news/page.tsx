import { NewsAdmin } from "@/components/admin/news/news-admin";
import { newsApiPath } from "@/components/admin/news/news-query";
import { AdminPage, adminPageMetadata } from "@/components/admin/shared/admin-page";
import type { SearchParams } from "@/components/admin/shared/list-query";
import { readNewsQuery } from "@/components/admin/shared/read-list-queries";
import { adminNewsListSchema } from "@/lib/schemas/news";
import { apiGetAsUser } from "@/web/api-server";

export const generateMetadata = adminPageMetadata("AdminNews");

/**
 * /admin/news (the admin layout has checked the role): the dashboard news in both languages.
 * The list comes with the first render, for the language and state the URL names.
 */
export default async function AdminNewsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = readNewsQuery(await searchParams);
  const list = await apiGetAsUser(newsApiPath(query), adminNewsListSchema);
  return (
    <AdminPage namespace="AdminNews" id="admin-news-title" narrow>
      <NewsAdmin query={query} items={list?.news ?? null} />
    </AdminPage>
  );
}
