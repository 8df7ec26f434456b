import { get, post, put } from "./endpoint";

/** A member's own account after approval: email change, notices, export and deletion. */
export const accountApi = {
  email: get("/api/account/email"),
  changeEmail: post("/api/account/email"),
  confirmEmail: post("/api/account/email/confirm"),
  notifications: get("/api/account/notifications"),
  saveNotifications: put("/api/account/notifications"),
  requestExport: post("/api/account/export"),
  downloadExport: get("/api/account/export"),
  deleteAccount: post("/api/account/delete"),
} as const;
