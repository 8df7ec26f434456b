import { getFormatter, getTranslations } from "next-intl/server";
import type { z } from "zod";
import type { newsItemSchema } from "@/lib/schemas/onboarding";

type NewsItem = z.infer<typeof newsItemSchema>;

export async function LatestNews({ items }: { items: NewsItem[] }) {
  const t = await getTranslations("Dashboard.news");
  const format = await getFormatter();
  return (
    <section aria-labelledby="news-heading" className="rounded-2xl bg-white p-6 shadow-xl">
      <h2 id="news-heading" className="text-lg font-semibold text-slate-900">
        {t("heading")}
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-slate-700">{t("empty")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {items.map((item) => (
            <li key={item.id} className="py-3">
              <article>
                <h3 className="font-semibold text-slate-900">{item.title}</h3>
                <p className="text-sm text-slate-600">
                  <time dateTime={item.publishedAt}>
                    {format.dateTime(new Date(item.publishedAt), { dateStyle: "medium" })}
                  </time>
                </p>
                <p className="mt-1 text-slate-800">{item.body}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The webshop promo: external, opened safely in a new tab. */
export async function WebshopTeaser({ url }: { url: string }) {
  const t = await getTranslations("Dashboard.webshop");
  return (
    <section
      aria-labelledby="webshop-heading"
      className="rounded-2xl bg-gradient-to-br from-brand-800 to-brand-600 p-6 text-white shadow-xl"
    >
      <h2 id="webshop-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <p className="mt-2">{t("body")}</p>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-4 inline-block rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {t("visit")} <span className="sr-only">{t("opensNewTab")}</span>
      </a>
    </section>
  );
}
