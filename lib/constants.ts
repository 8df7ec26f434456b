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
