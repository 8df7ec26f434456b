import { auditQuerySchema, userListQuerySchema } from "@/lib/schemas/admin";
import { pendingUsersQuerySchema } from "@/lib/schemas/admin-user";
import { adminNewsQuerySchema } from "@/lib/schemas/news";
import { readQuery, type SearchParams } from "./list-query";

// The admin lists' URL queries, read with the API's own query schemas by the pages' server
// render, which hands the result to the lists. Not for client components: the browser gets the
// query from its page and only writes URLs (the *-query modules beside each list), so zod stays
// out of the lists' first load.

const userListShape = userListQuerySchema.pick({
  search: true,
  user_type: true,
  status: true,
  role: true,
  page: true,
  pageSize: true,
  sort: true,
  dir: true,
}).shape;

/** The user list's filters, search, order, page and size as the URL carries them. */
export function readUserListQuery(params: SearchParams) {
  return readQuery(userListShape, params);
}

const auditLogShape = auditQuerySchema.pick({
  action: true,
  email: true,
  cursor: true,
  pageSize: true,
}).shape;

/** The audit log page's filters and keyset position as the URL carries them. */
export function readAuditLogQuery(params: SearchParams) {
  return readQuery(auditLogShape, params);
}

/** The admin news list's filters (language, state) as the URL carries them. */
export function readNewsQuery(params: SearchParams) {
  return readQuery(adminNewsQuerySchema.shape, params);
}

/**
 * The verification queue's search, account type, page, size and the onboarding toggle as the URL
 * carries them (`onboarding=all` adds the members still onboarding).
 */
export function readVerifyQueueQuery(params: SearchParams) {
  return readQuery(pendingUsersQuerySchema.shape, params);
}
