import { getFormatter, getTranslations } from "next-intl/server";
import { NEWS_BODY_CLASS } from "@/components/dashboard/news-body";
import { linkClass } from "@/components/ui/styles";
import type { MemberNewsItem } from "@/lib/schemas/news";

/**
 * One published news item: title, day, body and its link. The body arrives from the API as HTML
 * rendered from Markdown and sanitized there (domain/news/render-news.ts), so it is set as it is.
 * `heading` follows the page's outline: h3 inside the dashboard's box, h2 in the archive.
 */
export async function NewsArticle({
  item,
  heading: Heading,
}: {
  item: MemberNewsItem;
  heading: "h2" | "h3";
}) {
  const t = await getTranslations("Dashboard.news");
  const format = await getFormatter();
  return (
    <article aria-labelledby={`news-${item.id}`}>
      <Heading id={`news-${item.id}`} className="font-semibold break-words text-slate-900">
        {item.title}
      </Heading>
      <p className="text-sm text-slate-600">
        <time dateTime={item.date}>
          {format.dateTime(new Date(`${item.date}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" })}
        </time>
      </p>
      <div
        className={`mt-1 ${NEWS_BODY_CLASS}`}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the API's allowlist
        dangerouslySetInnerHTML={{ __html: item.html }}
      />
      {item.link && (
        <a
          href={item.link}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className={`${linkClass} mt-2 inline-block break-all`}
        >
          {t("readMore")} <span className="sr-only">{t("opensNewTab", { title: item.title })}</span>
        </a>
      )}
    </article>
  );
}
