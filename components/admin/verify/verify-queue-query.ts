import { pendingUsersQuerySchema } from "@/lib/schemas/admin-user";
import { readQuery, type SearchParams, toSearch } from "../shared/list-query";

export type VerifyQueueQuery = ReturnType<typeof readVerifyQueueQuery>;

/**
 * The queue's search, account type, page, size and the onboarding toggle as the URL carries them
 * (`onboarding=all` adds the members still onboarding).
 */
export function readVerifyQueueQuery(params: SearchParams) {
  return readQuery(pendingUsersQuerySchema.shape, params);
}

export function verifyQueueSearch(query: VerifyQueueQuery): string {
  return toSearch(query, { page: 1, pageSize: 10, onboarding: "complete" });
}

export function verifyQueueApiPath(query: VerifyQueueQuery): string {
  return `/api/admin/verification-pending-users${toSearch(query)}`;
}
