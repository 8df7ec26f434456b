import { adminOpsApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { toSearch } from "../shared/list-query";
import type { readAuditLogQuery } from "../shared/read-list-queries";

/** The audit log's query as the page read it from the URL (readAuditLogQuery). */
export type AuditLogUrlQuery = ReturnType<typeof readAuditLogQuery>;

/** The page URL for these filters (only what differs from the defaults). */
export function auditLogSearch(query: Partial<AuditLogUrlQuery>): string {
  return toSearch(query, { pageSize: 20 });
}

/** The API call for the same page. */
export function auditLogApiPath(query: AuditLogUrlQuery): string {
  return `${apiPath(adminOpsApi.audit)}${toSearch(query)}`;
}
