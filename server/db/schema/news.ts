import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { languageEnum } from "./users";

/** Dashboard news (spec §2 latest news), per language. */
export const news = pgTable(
  "news",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    language: languageEnum("language").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("news_language_published_idx").on(table.language, table.publishedAt)],
);
