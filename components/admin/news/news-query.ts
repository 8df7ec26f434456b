import { apiPath } from "@/lib/api/endpoint";
import { newsApi } from "@/lib/api/news";
import type { AdminNewsItem, NewsFormValues } from "@/lib/schemas/news";
import { toSearch } from "../shared/list-query";
import type { readNewsQuery } from "../shared/read-list-queries";

/** The news list's filters as the page read them from the URL (readNewsQuery). */
export type NewsUrlQuery = ReturnType<typeof readNewsQuery>;

/** The page URL's query (only what is chosen), and the API call for the same list. */
export const newsSearch = (query: NewsUrlQuery) => toSearch(query);
export const newsApiPath = (query: NewsUrlQuery) => `${apiPath(newsApi.adminList)}${toSearch(query)}`;

/** An item as the form edits it (and as a publish toggle sends it back, flag flipped). */
export function toFormValues(item: AdminNewsItem): NewsFormValues {
  return {
    language: item.language,
    title: item.title,
    body: item.body,
    date: item.date,
    link: item.link ?? "",
    published: item.published,
  };
}

/** Today in the admin's own calendar, as the date input wants it. */
export function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
