import { del, get, post } from "./endpoint";

/** Sign-in, the session, passwords and the second factor. */
export const authApi = {
  login: post("/api/auth/login"),
  loginWithTotp: post("/api/auth/login/totp"),
  requestLoginCode: post("/api/auth/login-code/request"),
  verifyLoginCode: post("/api/auth/login-code/verify"),
  refresh: post("/api/auth/refresh"),
  logout: post("/api/auth/logout"),
  me: get("/api/auth/me"),
  /** The public keys the web tier checks access tokens with. */
  jwks: get("/api/auth/jwks"),

  requestPasswordReset: post("/api/auth/request-password-reset"),
  verifyPasswordReset: get("/api/auth/verify-password-reset"),
  resetPassword: post("/api/auth/reset-password"),
  changePassword: post("/api/auth/change-password"),

  sessions: get("/api/auth/sessions"),
  revokeOtherSessions: post("/api/auth/sessions/revoke-others"),
  revokeSession: del("/api/auth/sessions/{id}"),

  totpStatus: get("/api/auth/totp"),
  totpSetup: post("/api/auth/totp/setup"),
  totpEnable: post("/api/auth/totp/enable"),
  totpDisable: post("/api/auth/totp/disable"),
  totpRecoveryCodes: post("/api/auth/totp/recovery-codes"),
} as const;

/** Every session, password and second-factor call starts with this. */
export const AUTH_PREFIX = "/api/auth/";

/** The calls whose answer carries a new session's tokens (the BFF turns them into cookies). */
export const TOKEN_ISSUING_ENDPOINTS = [
  authApi.login,
  authApi.verifyLoginCode,
  authApi.loginWithTotp,
] as const;
