import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { NewsArticle } from "@/components/news/news-article";
import { SectionCard } from "@/components/ui/card";
import { linkClass } from "@/components/ui/styles";
import type { MemberNewsItem } from "@/lib/schemas/news";

/**
 * The dashboard's news box: the latest published items in the page's language, newest first,
 * and a link to the archive with all of them. `items` is null when they could not be loaded,
 * which is said as such rather than as "no news".
 */
export async function LatestNews({ items }: { items: MemberNewsItem[] | null }) {
  const t = await getTranslations("Dashboard.news");
  return (
    <SectionCard id="news" title={t("heading")}>
      {items === null ? (
        <p role="status" className="mt-3 text-red-800">
          {t("failed")}
        </p>
      ) : items.length === 0 ? (
        <p className="mt-3 text-slate-700">{t("empty")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" data-testid="news-list">
          {items.map((item) => (
            <li key={item.id} className="py-3">
              <NewsArticle item={item} heading="h3" />
            </li>
          ))}
        </ul>
      )}
      <Link href="/news" className={`${linkClass} mt-3 inline-block`}>
        {t("all")}
      </Link>
    </SectionCard>
  );
}
