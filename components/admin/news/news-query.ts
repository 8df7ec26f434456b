import { type AdminNewsItem, adminNewsQuerySchema, type NewsFormValues } from "@/lib/schemas/news";
import { readQuery, type SearchParams, toSearch } from "../shared/list-query";

export type NewsUrlQuery = ReturnType<typeof readNewsQuery>;

/** The admin news list's filters (language, state) as the URL carries them. */
export function readNewsQuery(params: SearchParams) {
  return readQuery(adminNewsQuerySchema.shape, params);
}

/** The page URL's query (only what is chosen), and the API call for the same list. */
export const newsSearch = (query: NewsUrlQuery) => toSearch(query);
export const newsApiPath = (query: NewsUrlQuery) => `/api/admin/news${toSearch(query)}`;

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
