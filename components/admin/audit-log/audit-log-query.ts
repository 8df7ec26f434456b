import { auditQuerySchema } from "@/lib/schemas/admin";
import { readQuery, type SearchParams, toSearch } from "../shared/list-query";

const shape = auditQuerySchema.pick({ action: true, email: true, cursor: true, pageSize: true }).shape;

export type AuditLogUrlQuery = ReturnType<typeof readAuditLogQuery>;

/** The audit log page's filters and keyset position as the URL carries them. */
export function readAuditLogQuery(params: SearchParams) {
  return readQuery(shape, params);
}

/** The page URL for these filters (only what differs from the defaults). */
export function auditLogSearch(query: Partial<AuditLogUrlQuery>): string {
  return toSearch(query, { pageSize: 20 });
}

/** The API call for the same page. */
export function auditLogApiPath(query: AuditLogUrlQuery): string {
  return `/api/admin/audit${toSearch(query)}`;
}
