/** The partner programme's admin calls, shared by the page's server load and the browser's. */
export const SHOP_KEYS_PATH = "/api/admin/shop-keys";
export const COMMISSION_PLAN_PATH = "/api/admin/commission-plan";
