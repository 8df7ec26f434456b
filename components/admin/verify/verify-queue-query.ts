import { adminVerificationApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { toSearch } from "../shared/list-query";
import type { readVerifyQueueQuery } from "../shared/read-list-queries";

/** The queue's query as the page read it from the URL (readVerifyQueueQuery). */
export type VerifyQueueQuery = ReturnType<typeof readVerifyQueueQuery>;

export function verifyQueueSearch(query: VerifyQueueQuery): string {
  return toSearch(query, { page: 1, pageSize: 10, onboarding: "complete" });
}

export function verifyQueueApiPath(query: VerifyQueueQuery): string {
  return `${apiPath(adminVerificationApi.pending)}${toSearch(query)}`;
}
