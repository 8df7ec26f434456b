// Business constants of spec §9, in one place for web and API.

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

export const BREAKPOINTS = { dashboardPx: 640, contractSigningPx: 768 } as const;
