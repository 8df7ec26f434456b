import { del, get, post, put } from "./endpoint";

/** Admin work on users: the list, one user, their account, audit and invites. */
export const adminUserApi = {
  list: get("/api/admin/user-list"),
  exportCsv: get("/api/admin/users/export.csv"),
  stats: get("/api/admin/user-stats"),
  full: get("/api/auth/admin/users/{id}/full"),
  /** The same answer under the spec's older path. */
  fullAlias: get("/api/auth/users/{id}/full"),
  documents: get("/api/admin/user/{id}/documents"),
  /** The same answer under the spec's older path. */
  documentsAlias: get("/api/auth/users/{id}/documents"),
  contracts: get("/api/admin/user/{id}/contracts"),
  remove: del("/api/admin/user/{id}"),
  suspend: post("/api/admin/users/{id}/suspend"),
  reactivate: post("/api/admin/users/{id}/reactivate"),
  setRole: put("/api/admin/users/{id}/role"),
  exportData: get("/api/admin/users/{id}/export"),
  referrals: get("/api/admin/users/{id}/referrals"),
  resetTwoFactor: post("/api/admin/users/{id}/two-factor/reset"),
  sendPasswordReset: post("/api/admin/send-password-reset/{userId}"),
  permissions: get("/api/auth/users/{id}/permissions"),
  setPermissions: put("/api/admin/users/{id}/permissions"),
} as const;

/** The verification queue, changes after approval, and expired IDs. */
export const adminVerificationApi = {
  pending: get("/api/admin/verification-pending-users"),
  verify: post("/api/admin/verify-user/{userId}"),
  reject: post("/api/admin/reject-user/{userId}"),
  changeReviews: get("/api/admin/change-reviews"),
  acceptChange: post("/api/admin/change-reviews/{id}/accept"),
  rejectChange: post("/api/admin/change-reviews/{id}/reject"),
  expiredIds: get("/api/admin/expired-ids"),
  resignPending: get("/api/admin/contracts/resign-pending"),
} as const;

/** Permissions as admins define them. */
export const permissionApi = {
  list: get("/api/permissions"),
  create: post("/api/permissions"),
} as const;

/** The admin dashboard's operations panels. */
export const adminOpsApi = {
  serverStatus: get("/api/admin/server-status"),
  retryMail: post("/api/admin/mail/{id}/retry"),
  audit: get("/api/admin/audit"),
  auditActions: get("/api/admin/audit/actions"),
  topReferrers: get("/api/admin/top-referrers"),
} as const;
