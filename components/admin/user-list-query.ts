import { userListQuerySchema } from "@/lib/schemas/admin";
import { readQuery, type SearchParams, toSearch } from "./list-query";

const shape = userListQuerySchema.pick({
  search: true,
  user_type: true,
  status: true,
  role: true,
  page: true,
  pageSize: true,
}).shape;

export type UserListUrlQuery = ReturnType<typeof readUserListQuery>;

/** The user list's filters, search, page and size as the URL carries them. */
export function readUserListQuery(params: SearchParams) {
  return readQuery(shape, params);
}

const DEFAULTS = { page: 1, pageSize: 10 };

/** The page URL's query for these filters (only what differs from the defaults). */
export function userListSearch(query: UserListUrlQuery): string {
  return toSearch(query, DEFAULTS);
}

/** The API call for the same list: it always names page and size. */
export function userListApiPath(query: UserListUrlQuery): string {
  return `/api/admin/user-list${toSearch(query)}`;
}
