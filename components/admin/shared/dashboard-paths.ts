/**
 * The API calls behind the admin dashboard's cards and the contract dashboard, shared by the
 * server loaders (first render) and the cards' refresh in the browser.
 */
export const DASHBOARD_PATHS = {
  stats: "/api/admin/user-stats",
  serverStatus: "/api/admin/server-status",
  audit: "/api/admin/audit?pageSize=20",
  topReferrers: "/api/admin/top-referrers",
  stamps: "/api/company-stamps/mine",
  activeStamp: "/api/company-stamps/mine/active",
  templates: "/api/document-templates",
  resignPending: "/api/admin/contracts/resign-pending",
} as const;

/** The changes approved members made, for the verify page's server load and its retry. */
export const CHANGE_REVIEWS_PATH = "/api/admin/change-reviews";
/** The members whose ID has expired, for the verify page's server load and its retry. */
export const EXPIRED_IDS_PATH = "/api/admin/expired-ids";
