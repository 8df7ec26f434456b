/**
 * The domain's words, written once: the database enums (server/db/schema), the request and
 * answer schemas (lib/schemas) and the UI read them from here, so a new role or status is added
 * in one place and the compiler finds every place that must handle it. Tiny and free of zod, so
 * client components import it without pulling a schema library into the page.
 */

export const ROLES = ["user", "admin", "super_admin"] as const;

/** A member's account: a person, or a company with a contact person. */
export const ACCOUNT_TYPES = ["personal", "company"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** pending until an admin approves; suspended accounts cannot sign in. */
export const ACCOUNT_STATUSES = ["pending", "active", "suspended"] as const;

/** The onboarding steps, in order (an admin can send a member back to any of them). */
export const ONBOARDING_STEPS = ["email", "documents", "profile", "contract"] as const;

/** The two sides of an ID document. */
export const DOCUMENT_SIDES = ["front", "back"] as const;

/** The kinds of ID document each account type may upload. */
export const PERSONAL_ID_TYPES = ["passport", "id_card", "driver_license", "other"] as const;
export const COMPANY_ID_TYPES = [
  "company_id_card",
  "passport",
  "driver_license",
  "business_license",
  "other",
] as const;

/** A news item is published (members see it) or a draft. */
export const NEWS_STATES = ["published", "draft"] as const;

/** A referral link as stored: `deactivated` by its owner; whether it is still live is link-liveness. */
export const REFERRAL_STATUSES = ["active", "inactive", "deactivated", "pending"] as const;

/** How a contract was signed: drawn on the page, or a signed PDF uploaded. */
export const SIGNATURE_METHODS = ["drawn", "upload"] as const;

/** A shop order as the shop reports it. */
export const SHOP_ORDER_STATUSES = ["paid", "refunded"] as const;

/** A payout run: prepared (its SEPA file can be downloaded), then executed or cancelled. */
export const PAYOUT_STATUSES = ["prepared", "executed", "cancelled"] as const;
