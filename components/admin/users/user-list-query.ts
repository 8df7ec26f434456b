import { adminUserApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { toSearch } from "../shared/list-query";
import type { readUserListQuery } from "../shared/read-list-queries";

/** The user list's query as the page read it from the URL (readUserListQuery). */
export type UserListUrlQuery = ReturnType<typeof readUserListQuery>;

const DEFAULTS = { page: 1, pageSize: 10, sort: "created", dir: "desc" };

export type SortColumn = UserListUrlQuery["sort"];

/**
 * The order a column header leads to: the other direction when the list is already ordered by
 * it; else ascending, except creation time, which starts with the newest. Back on page 1,
 * because a page number means nothing in another order.
 */
export function sortedBy(query: UserListUrlQuery, column: SortColumn): UserListUrlQuery {
  const dir =
    query.sort === column ? (query.dir === "asc" ? "desc" : "asc") : column === "created" ? "desc" : "asc";
  return { ...query, sort: column, dir, page: 1 };
}

/** The CSV download of the same filters and order (every match, so no page or size). */
export function userExportPath(query: UserListUrlQuery): string {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return `${apiPath(adminUserApi.exportCsv)}${toSearch(filters, defaultsFor(query))}`;
}

/**
 * The page URL's query for these filters (only what differs from the defaults). Another column
 * than created always names its direction too, so the URL reads as the order it stands for.
 */
export function userListSearch(query: UserListUrlQuery): string {
  return toSearch(query, defaultsFor(query));
}

const defaultsFor = (query: UserListUrlQuery) =>
  query.sort === "created" ? DEFAULTS : { ...DEFAULTS, dir: undefined };

/** The API call for the same list: it always names page and size. */
export function userListApiPath(query: UserListUrlQuery): string {
  return `${apiPath(adminUserApi.list)}${toSearch(query)}`;
}
