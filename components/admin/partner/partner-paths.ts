/** The partner programme's admin calls, shared by the page's server load and the browser's. */
export const SHOP_KEYS_PATH = "/api/admin/shop-keys";
export const COMMISSION_PLAN_PATH = "/api/admin/commission-plan";
export const PAYOUTS_PATH = "/api/admin/payouts";

/** One payout run's call: the run itself, or its `sepa.xml`, `execute` or `cancel`. */
export const payoutPath = (id: string, action?: "sepa.xml" | "execute" | "cancel") =>
  `${PAYOUTS_PATH}/${encodeURIComponent(id)}${action ? `/${action}` : ""}`;
