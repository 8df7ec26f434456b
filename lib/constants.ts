// Business constants, in one place for web and API so both tiers enforce the same numbers.

export const TOAST = {
  successMs: 2000,
  /** Blank, error and custom toasts. */
  defaultMs: 4000,
  maxVisible: 20,
  maxWidthPx: 350,
  marginPx: 16,
  gapPx: 8,
} as const;

export const REDIRECT_DELAY_MS = {
  afterRegistration: 1200,
  afterAdminVerification: 1200,
  afterOnboardingStep: 1500,
  afterPasswordResetRequest: 1500,
  afterContractBatch: 900,
} as const;

/** Access tokens: signed by the API, checked by the API and the web tier. */
export const ACCESS_TOKEN = {
  issuer: "partner-platform-api",
  audience: "partner-platform",
  algorithm: "EdDSA",
} as const;

/** Session timings. */
export const SESSION_TIMING = {
  expiryCheckIntervalMs: 840_000,
  refreshBeforeExpiryMs: 10_000,
  minimumRefreshDelayMs: 1_000,
  permissionWaitMs: 2_000,
} as const;

export const REFERRAL_PERMISSION = "can_create_referrals";

/**
 * Bytes one member may keep in storage across their documents (ID images and contract PDFs):
 * room for the ID images, a signed upload per template and several rounds of signing evidence,
 * while no member can fill the disk.
 */
export const MEMBER_STORAGE_QUOTA_BYTES = 100 * 1024 * 1024;

/** The longest ID number the API stores. */
export const ID_NUMBER_MAX_LENGTH = 64;

/** Contract PDFs at most 10 MB (10 MB, not 10 MiB: the stricter reading of the limit). */
export const CONTRACT_PDF_MAX_BYTES = 10 * 1024 * 1024;

// Referral links: expiry never (0), 1, 3 or 7 days, default 3; max uses unlimited (0), 1, 3, 5, 10,
// default 10; choosing unlimited for one sets the other to unlimited (the widget's rule).
export const EXPIRY_DAY_OPTIONS = [0, 1, 3, 7] as const;
export const MAX_USES_OPTIONS = [0, 1, 3, 5, 10] as const;
export const DEFAULT_EXPIRY_DAYS = 3;
export const DEFAULT_MAX_USES = 10;
export const REFERRAL_LABEL_MAX_LENGTH = 80;

/** ID images: bytes of one file. */
export const ID_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Decoded pixels an ID image may have (a 50-megapixel photo passes, a pixel bomb does not). */
export const ID_IMAGE_MAX_PIXELS = 50_000_000;

/** The page sizes an admin list offers. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** Company stamp images: at most 500 KB of decoded bytes. */
export const STAMP_MAX_BYTES = 500 * 1024;
/** A contract template's HTML file or field; contracts are text, a megabyte is plenty. */
export const TEMPLATE_HTML_MAX_BYTES = 1024 * 1024;

/** News items: the longest title, Markdown body and link. */
export const NEWS_TITLE_MAX = 200;
export const NEWS_BODY_MAX = 20_000;
export const NEWS_LINK_MAX = 2_000;

/** The longest name a super admin may give a shop key. */
export const SHOP_KEY_NAME_MAX = 100;
