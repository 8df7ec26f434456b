import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt } from "./columns";
import { languageEnum } from "./users";

/**
 * Dashboard news, per language. `publishedAt` is the item's date as members see it; `published`
 * decides whether they see it at all. Sample items (seeded into an empty table) are drafts that
 * members never see; an admin who saves one takes it over and it stops being a sample.
 */
export const news = pgTable(
  "news",
  {
    id: id(),
    title: text("title").notNull(),
    /** Markdown as the admin wrote it; rendered and sanitized on the way out. */
    body: text("body").notNull(),
    language: languageEnum("language").notNull(),
    publishedAt: timestamptz("published_at").notNull().defaultNow(),
    link: text("link"),
    published: boolean("published").notNull().default(true),
    sample: boolean("sample").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("news_language_published_idx").on(table.language, table.publishedAt),
    // The members' query: published, non-sample items of one language, newest first.
    index("news_member_idx")
      .on(table.language, table.publishedAt.desc(), table.createdAt.desc())
      .where(sql`${table.published} and not ${table.sample}`),
  ],
);
