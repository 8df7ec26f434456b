import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { MemberPage } from "@/components/layout/member-page";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageLinks } from "@/components/ui/page-links";
import { apiPath } from "@/lib/api/endpoint";
import { newsApi } from "@/lib/api/news";
import { memberNewsListSchema } from "@/lib/schemas/news";
import { apiLoadAsUser } from "@/web/api-server";
import { NewsArticle } from "./news-article";
import { archivePages, NEWS_ARCHIVE_PAGE_SIZE, pageLink } from "./news-pages";

const pageHref = (page: number) => (page === 1 ? "/news" : `/news?page=${page}`);
const pagerLinkClass = buttonClass({ variant: "secondary", size: "sm" });

/**
 * Every published news item in the page's language, newest first, a page at a time. The page
 * number is in the URL, so reload, deep links and back/forward keep the page; previous and next
 * are plain links, present only where there is a page to go to.
 */
export async function NewsArchive({ page }: { page: number }) {
  const t = await getTranslations("NewsArchive");
  const locale = await getLocale();
  const answer = await apiLoadAsUser(
    apiPath(newsApi.published, { page, limit: NEWS_ARCHIVE_PAGE_SIZE, lang: locale }),
    memberNewsListSchema,
  );
  const result = answer.ok ? answer.data : null;
  const pages = result ? archivePages(result) : null;

  return (
    <MemberPage
      id="news-archive-title"
      title={t("title")}
      description={t("intro")}
      backLabel={t("backToDashboard")}
    >
      <Card>
        {!result ? (
          <p role="alert" className="text-red-800">
            {t("failed")}
          </p>
        ) : result.total === 0 ? (
          <EmptyState title={t("empty")} />
        ) : result.news.length === 0 ? (
          <EmptyState
            title={t("beyondLast")}
            action={
              <Link href="/news" className={pagerLinkClass}>
                {t("firstPage")}
              </Link>
            }
          />
        ) : (
          <ul className="divide-y divide-slate-200" data-testid="news-archive-list">
            {result.news.map((item) => (
              <li key={item.id} className="py-4 first:pt-0 last:pb-0">
                <NewsArticle item={item} heading="h2" />
              </li>
            ))}
          </ul>
        )}
        {result && pages && result.total > 0 && (
          <PageLinks
            label={t("pagesLabel")}
            pageOf={t("pageOf", { page: result.page, count: pages.pageCount })}
            previous={pageLink(pages.previous, pageHref, t("previous"))}
            next={pageLink(pages.next, pageHref, t("next"))}
          />
        )}
      </Card>
    </MemberPage>
  );
}
