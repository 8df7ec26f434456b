import { get, post } from "./endpoint";

/** The profile calls start with this. */
export const PROFILE_PREFIX = "/api/profile/";

/** The onboarding steps: email code, ID documents, profile, and where the member stands. */
export const onboardingApi = {
  status: get("/api/auth/user/status"),
  statusProgress: get("/api/auth/user/status-progress"),
  sentBack: get("/api/auth/user/sent-back"),
  sendVerificationEmail: post("/api/auth/send-verification-email"),
  verifyEmailCode: post("/api/auth/verify-email-code"),
  uploadId: {
    personal: post("/api/upload/personal-id"),
    company: post("/api/upload/company-id"),
  },
  myDocuments: get("/api/documents/mine"),
  idExpiry: get("/api/documents/id-expiry"),
  profile: get("/api/profile"),
  completeProfile: {
    personal: post("/api/profile/personal/complete"),
    company: post("/api/profile/company/complete"),
  },
} as const;
