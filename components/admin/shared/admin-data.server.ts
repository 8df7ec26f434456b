import "server-only";
import { adminOpsApi, adminUserApi, permissionApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { auditListSchema, serverStatusSchema, userStatsSchema } from "@/lib/schemas/admin";
import {
  adminFullUserSchema,
  adminUserDocumentsSchema,
  permissionListResponseSchema,
} from "@/lib/schemas/admin-user";
import {
  activeStampResponseSchema,
  adminMemberContractsResponseSchema,
  resignPendingResponseSchema,
  stampListResponseSchema,
  templateListResponseSchema,
} from "@/lib/schemas/contracts";
import { inviteTreeSchema, topReferrersSchema } from "@/lib/schemas/referral-tree";
import { apiGetAsUser, apiLoadAsUser } from "@/web/api-server";
import { withWebLogs } from "@/web/server-logs";
import type { AdminDashboardData, ContractDashboardData } from "./admin-dashboard-data";
import type { AdminUserLoad } from "./admin-user";
import { DASHBOARD_PATHS } from "./dashboard-paths";
import { toMediaItems } from "./media-items";

/**
 * One user and their documents for the first render of the admin user pages. A part that
 * fails comes back undefined: the page then loads it in the browser, which can tell a missing
 * user from a failed call and show the matching message.
 */
export async function loadAdminUser(
  userId: string,
  options: { invites?: boolean; evidence?: boolean; permissions?: boolean } = {},
): Promise<AdminUserLoad> {
  const user = { id: userId };
  const [full, documents, invites, contracts, audit, permissions] = await Promise.all([
    apiGetAsUser(apiPath(adminUserApi.full, user), adminFullUserSchema),
    apiGetAsUser(apiPath(adminUserApi.documents, user), adminUserDocumentsSchema),
    // Who invited whom: shown on the view and profile pages, not on the verify page.
    options.invites ? apiGetAsUser(apiPath(adminUserApi.referrals, user), inviteTreeSchema) : null,
    // The signed contracts and the audit trail: the view and profile pages.
    options.evidence
      ? apiGetAsUser(apiPath(adminUserApi.contracts, user), adminMemberContractsResponseSchema)
      : null,
    options.evidence ? apiGetAsUser(apiPath(adminOpsApi.audit, { userId }), auditListSchema) : null,
    // The permissions to grant: the verify page.
    options.permissions ? apiGetAsUser(apiPath(permissionApi.list), permissionListResponseSchema) : null,
  ]);
  return {
    full: full ?? undefined,
    media: documents ? toMediaItems(documents) : undefined,
    invites: invites ?? undefined,
    contracts: contracts ?? undefined,
    audit: audit ?? undefined,
    permissions: permissions ?? undefined,
  };
}

/** The member counts the user list shows above its filters, with the first render. */
export function loadUserStats() {
  return apiLoadAsUser(DASHBOARD_PATHS.stats, userStatsSchema);
}

/** The admin dashboard's three cards, loaded side by side; each card gets its own answer. */
export async function loadAdminDashboard(): Promise<AdminDashboardData> {
  const [stats, serverStatus, audit, topReferrers] = await Promise.all([
    apiLoadAsUser(DASHBOARD_PATHS.stats, userStatsSchema),
    apiLoadAsUser(DASHBOARD_PATHS.serverStatus, serverStatusSchema),
    apiLoadAsUser(DASHBOARD_PATHS.audit, auditListSchema),
    apiLoadAsUser(DASHBOARD_PATHS.topReferrers, topReferrersSchema),
  ]);
  // The log table shows this web instance's recent lines beside the API's.
  return {
    stats,
    serverStatus: serverStatus.ok ? { ok: true, data: withWebLogs(serverStatus.data) } : serverStatus,
    audit,
    topReferrers,
  };
}

/** The unfiltered template list of the contract admin pages. */
export async function loadTemplateList(): Promise<ContractDashboardData["templates"]> {
  const answer = await apiLoadAsUser(DASHBOARD_PATHS.templates, templateListResponseSchema);
  return answer.ok ? { ok: true, data: answer.data.templates } : answer;
}

/** The company stamp (saved and active) and the unfiltered template list. */
export async function loadContractDashboard(): Promise<ContractDashboardData> {
  const [stamps, active, templates, resignPending] = await Promise.all([
    apiLoadAsUser(DASHBOARD_PATHS.stamps, stampListResponseSchema),
    apiLoadAsUser(DASHBOARD_PATHS.activeStamp, activeStampResponseSchema),
    loadTemplateList(),
    apiLoadAsUser(DASHBOARD_PATHS.resignPending, resignPendingResponseSchema),
  ]);
  return {
    stamp: !stamps.ok
      ? stamps
      : !active.ok
        ? active
        : { ok: true, data: { stamps: stamps.data.stamps, active: active.data.stamp } },
    templates,
    resignPending,
  };
}
