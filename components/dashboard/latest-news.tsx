import { getFormatter, getTranslations } from "next-intl/server";
import { linkClass } from "@/components/ui/form-field";
import { Section } from "@/components/ui/section";
import type { MemberNewsItem } from "@/lib/schemas/news";
import { NEWS_BODY_CLASS } from "./news-body";

/**
 * The dashboard's news box: published items in the page's language, newest first. `items` is
 * null when they could not be loaded, which is said as such rather than as "no news".
 * Each body arrives from the API as HTML rendered from Markdown and sanitized there
 * (domain/news/render-news.ts), so it is set as it is.
 */
export async function LatestNews({ items }: { items: MemberNewsItem[] | null }) {
  const t = await getTranslations("Dashboard.news");
  const format = await getFormatter();
  return (
    <Section id="news" title={t("heading")} className="rounded-2xl bg-white p-6 shadow-xl">
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
              <article aria-labelledby={`news-${item.id}`}>
                <h3 id={`news-${item.id}`} className="font-semibold break-words text-slate-900">
                  {item.title}
                </h3>
                <p className="text-sm text-slate-600">
                  <time dateTime={item.date}>
                    {format.dateTime(new Date(`${item.date}T00:00:00Z`), {
                      dateStyle: "medium",
                      timeZone: "UTC",
                    })}
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
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
