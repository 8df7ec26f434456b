import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "@/components/admin/list-query";
import { NewsAdmin } from "@/components/admin/news/news-admin";
import { newsApiPath, readNewsQuery } from "@/components/admin/news/news-query";
import { PageHeader } from "@/components/ui/page-header";
import { adminNewsListSchema } from "@/lib/schemas/news";
import { apiGetAsUser } from "@/web/api-server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminNews");
  return { title: t("title") };
}

/**
 * /admin/news (the admin layout has checked the role): the dashboard news in both languages.
 * The list comes with the first render, for the language and state the URL names.
 */
export default async function AdminNewsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const t = await getTranslations("AdminNews");
  const query = readNewsQuery(await searchParams);
  const list = await apiGetAsUser(newsApiPath(query), adminNewsListSchema);
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader id="admin-news-title" title={t("title")} description={t("subtitle")} />
      <NewsAdmin query={query} items={list?.news ?? null} />
    </main>
  );
}
