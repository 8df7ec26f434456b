import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Locale } from "../../../lib/i18n/config";
import type { newsItemSchema } from "../../../lib/schemas/onboarding";
import type { Database } from "../../db";
import { news } from "../../db/schema";

export type NewsItem = z.infer<typeof newsItemSchema>;

/** The latest dashboard news in one language, newest first. */
export async function listNews(
  db: Database,
  input: { language: Locale; limit: number },
): Promise<NewsItem[]> {
  const rows = await db
    .select({
      id: news.id,
      title: news.title,
      body: news.body,
      language: news.language,
      publishedAt: news.publishedAt,
    })
    .from(news)
    .where(eq(news.language, input.language))
    // The id breaks ties, so items published at the same moment keep one order.
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(input.limit);
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() }));
}
