import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NewsArchive } from "@/components/news/news-archive";
import { archivePageFrom } from "@/components/news/news-pages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("NewsArchive");
  return { title: t("title") };
}

/** The news archive, every member's (the layout has checked the session); `?page` picks the page. */
export default async function NewsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  return <NewsArchive page={archivePageFrom((await searchParams).page)} />;
}
