import { del, get, post, put } from "./endpoint";

/** Partner rewards: the shop's order reports, members' earnings, and their administration. */
export const partnerApi = {
  /** Called by the webshop with a shop key, never by a browser. */
  reportOrder: post("/api/partner/orders"),
  earnings: get("/api/earnings"),
  shopKeys: get("/api/admin/shop-keys"),
  createShopKey: post("/api/admin/shop-keys"),
  revokeShopKey: del("/api/admin/shop-keys/{id}"),
  commissionPlan: get("/api/admin/commission-plan"),
  saveCommissionPlan: put("/api/admin/commission-plan"),
  payouts: get("/api/admin/payouts"),
  createPayout: post("/api/admin/payouts"),
  payout: get("/api/admin/payouts/{id}"),
  payoutSepa: get("/api/admin/payouts/{id}/sepa.xml"),
  executePayout: post("/api/admin/payouts/{id}/execute"),
  cancelPayout: post("/api/admin/payouts/{id}/cancel"),
} as const;

/** The BFF passes shop calls (this prefix) on without the member's session. */
export const SHOP_CALLS_PREFIX = "/api/partner/";
