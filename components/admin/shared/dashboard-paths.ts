import { adminOpsApi, adminUserApi, adminVerificationApi } from "@/lib/api/admin";
import { stampApi, templateApi } from "@/lib/api/contracts";
import { apiPath } from "@/lib/api/endpoint";

/**
 * The API calls behind the admin dashboard's cards and the contract dashboard, shared by the
 * server loaders (first render) and the cards' refresh in the browser, so that both ask for the
 * same thing (the audit card's page size included).
 */
export const DASHBOARD_PATHS = {
  stats: apiPath(adminUserApi.stats),
  serverStatus: apiPath(adminOpsApi.serverStatus),
  audit: apiPath(adminOpsApi.audit, { pageSize: 20 }),
  topReferrers: apiPath(adminOpsApi.topReferrers),
  stamps: apiPath(stampApi.list),
  activeStamp: apiPath(stampApi.active),
  templates: apiPath(templateApi.list),
  resignPending: apiPath(adminVerificationApi.resignPending),
} as const;
