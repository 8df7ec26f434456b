import { and, count, desc, eq } from "drizzle-orm";
import type { Locale } from "../../../lib/i18n/config";
import type { AdminNewsItem, AdminNewsQuery, MemberNewsPage } from "../../../lib/schemas/news";
import type { Database } from "../../db";
import { news } from "../../db/schema";
import { renderNewsHtml } from "./render-news";

/** The most items the admin list shows at once; news are few, older ones are rarely edited. */
const ADMIN_NEWS_LIMIT = 200;

export type NewsRow = typeof news.$inferSelect;

/** The item's day as YYYY-MM-DD: dates are stored as midnight UTC of the day the admin chose. */
export const newsDay = (publishedAt: Date) => publishedAt.toISOString().slice(0, 10);

// Newest day first; within a day the item written last, and the id keeps one order after that.
const NEWEST_FIRST = [desc(news.publishedAt), desc(news.createdAt), desc(news.id)] as const;

/**
 * What members see on the dashboard and in the archive: published items in one language, never
 * a draft and never a sample (a sample was written by no one at this installation, so it would
 * tell members nothing true). Page `page` of `limit` items, with the count of them all.
 */
export async function listPublishedNews(
  db: Database,
  input: { language: Locale; limit: number; page: number },
): Promise<MemberNewsPage> {
  const shown = and(eq(news.language, input.language), eq(news.published, true), eq(news.sample, false));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(news)
      .where(shown)
      .orderBy(...NEWEST_FIRST)
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ total: count() }).from(news).where(shown),
  ]);
  return {
    news: rows.map((row) => ({
      id: row.id,
      language: row.language,
      title: row.title,
      html: renderNewsHtml(row.body),
      date: newsDay(row.publishedAt),
      link: row.link,
    })),
    page: input.page,
    pageSize: input.limit,
    total: counted?.total ?? 0,
  };
}

export function toAdminNewsItem(row: NewsRow): AdminNewsItem {
  return {
    id: row.id,
    language: row.language,
    title: row.title,
    body: row.body,
    html: renderNewsHtml(row.body),
    date: newsDay(row.publishedAt),
    link: row.link,
    published: row.published,
    sample: row.sample,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every item with its state, filtered by language and state, newest first. */
export async function listAdminNews(db: Database, query: AdminNewsQuery): Promise<AdminNewsItem[]> {
  const conditions = [
    query.language ? eq(news.language, query.language) : undefined,
    query.state ? eq(news.published, query.state === "published") : undefined,
  ];
  const rows = await db
    .select()
    .from(news)
    .where(and(...conditions))
    .orderBy(...NEWEST_FIRST)
    .limit(ADMIN_NEWS_LIMIT);
  return rows.map(toAdminNewsItem);
}
