import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { adminUserApi } from "../../lib/api/admin";
import { AUTH_PREFIX, authApi } from "../../lib/api/auth";
import {
  loginCodeRequestSchema,
  loginCodeVerifySchema,
  loginRequestSchema,
  meResponseSchema,
  passwordResetRequestSchema,
  passwordResetTokenSchema,
  refreshRequestSchema,
  resetPasswordSchema,
  successResponseSchema,
  tokenResponseSchema,
} from "../../lib/schemas/auth";
import { mfaChallengeSchema } from "../../lib/schemas/two-factor";
import { toSessionUser } from "../db/queries/users";
import { refreshTokens } from "../db/schema";
import { recordAuditEvent } from "../domain/audit/record-audit-event";
import type { AuthDeps } from "../domain/auth/auth-deps";
import { loginWithCode, requestLoginCode } from "../domain/auth/login-with-code";
import { loginWithPassword } from "../domain/auth/login-with-password";
import {
  RESET_REQUESTED_MESSAGE,
  requestPasswordReset,
  resetPassword,
  sendPasswordResetByAdmin,
  verifyPasswordResetToken,
} from "../domain/auth/password-reset";
import { refreshSession } from "../domain/auth/refresh-session";
import { revokeSession } from "../domain/auth/revoke-sessions";
import { noteSessionUsed } from "../domain/auth/session-last-used";
import { recordSignIn } from "../domain/auth/sign-in-outcome";
import { profileView } from "../domain/profile/load-profile";
import { type AppEnv, requestContext } from "../http";
import { hashOpaqueToken } from "../infra/tokens";
import { adminRoutes, memberRoutesWithProfile } from "./authenticate";
import { jsonBodyLimit } from "./json-body-limit";
import { errorJson, errorResponses, json, jsonBody } from "./openapi";

// A first sign-in step answers with a session, or, for an account with two-factor sign-in on,
// with the challenge for the second step (/api/auth/login/totp).
const loginAnswerSchema = z.union([tokenResponseSchema, mfaChallengeSchema]);

export function registerAuthRoutes(app: OpenAPIHono<AppEnv>, deps: AuthDeps) {
  // JSON bodies of these calls are small; anything larger is refused before it is parsed.
  app.use(`${AUTH_PREFIX}*`, jsonBodyLimit(64 * 1024));

  app.openapi(
    createRoute({
      ...authApi.login,
      summary: "Log in with email and password",
      request: jsonBody(loginRequestSchema),
      responses: {
        ...errorResponses,
        200: json(loginAnswerSchema, "Session started, or the second step's challenge"),
        403: errorJson("Suspended"),
      },
    }),
    async (c) =>
      c.json(
        await recordSignIn(deps.metrics, "password", () =>
          loginWithPassword(deps, c.req.valid("json"), requestContext(c)),
        ),
        200,
      ),
  );

  app.openapi(
    createRoute({
      ...authApi.refresh,
      summary: "Rotate the refresh token",
      request: jsonBody(refreshRequestSchema),
      responses: { 200: json(tokenResponseSchema, "New tokens"), ...errorResponses },
    }),
    async (c) => c.json(await refreshSession(deps, c.req.valid("json").refreshToken, requestContext(c)), 200),
  );

  app.openapi(
    createRoute({
      ...authApi.logout,
      summary: "End the session of this refresh token",
      request: jsonBody(z.object({ refreshToken: z.string().max(512).optional() })),
      responses: { 200: json(successResponseSchema, "Logged out") },
    }),
    async (c) => {
      const { refreshToken } = c.req.valid("json");
      if (refreshToken) {
        const [row] = await deps.db
          .select({ sessionId: refreshTokens.sessionId })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)));
        if (row) {
          await revokeSession(deps.db, row.sessionId, "logout");
          await recordAuditEvent(deps.db, {
            action: "auth.logout",
            details: { sessionId: row.sessionId },
            ip: requestContext(c).ip,
          });
        }
      }
      return c.json({ success: true }, 200);
    },
  );

  app.openapi(
    // "enrolment": an admin who has not passed a second factor must still learn who they are.
    memberRoutesWithProfile(
      deps,
      {},
      "enrolment",
    )({
      ...authApi.me,
      summary: "The logged-in user",
      responses: { 200: json(meResponseSchema, "The user") },
    }),
    async (c) => {
      // Every page a member opens asks this: the session's "last used" (at most once a minute).
      await noteSessionUsed(deps.db, c.var.auth.sessionId);
      const { user, permissions, profile } = c.var.auth;
      return c.json({ user: toSessionUser(user, permissions), profile: profileView(user, profile) }, 200);
    },
  );

  app.openapi(
    createRoute({
      ...authApi.jwks,
      summary: "Public keys of the access tokens",
      responses: { 200: json(z.object({ keys: z.array(z.record(z.string(), z.unknown())) }), "JWKS") },
    }),
    (c) => {
      c.header("Cache-Control", "public, max-age=300");
      return c.json(deps.tokens.jwks() as { keys: Record<string, unknown>[] }, 200);
    },
  );

  app.openapi(
    createRoute({
      ...authApi.requestLoginCode,
      summary: "Email a one-time login code (same answer for unknown emails)",
      request: jsonBody(loginCodeRequestSchema),
      responses: {
        200: json(
          successResponseSchema.extend({ resendAfterSeconds: z.number() }),
          "Code sent if the account exists",
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const result = await requestLoginCode(deps, c.req.valid("json"), requestContext(c));
      return c.json(
        { success: true, message: "If your email exists, you will receive a code.", ...result },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      ...authApi.verifyLoginCode,
      summary: "Log in with a one-time code",
      request: jsonBody(loginCodeVerifySchema),
      responses: {
        ...errorResponses,
        200: json(loginAnswerSchema, "Session started, or the second step's challenge"),
        400: errorJson("Wrong or expired code"),
      },
    }),
    async (c) =>
      c.json(
        await recordSignIn(deps.metrics, "email_code", () =>
          loginWithCode(deps, c.req.valid("json"), requestContext(c)),
        ),
        200,
      ),
  );

  app.openapi(
    createRoute({
      ...authApi.requestPasswordReset,
      summary: "Email a password reset link (same answer for unknown emails)",
      request: jsonBody(passwordResetRequestSchema),
      responses: { 200: json(successResponseSchema, "Link sent if the account exists"), ...errorResponses },
    }),
    async (c) => {
      await requestPasswordReset(deps, c.req.valid("json"), requestContext(c));
      return c.json({ success: true, message: RESET_REQUESTED_MESSAGE }, 200);
    },
  );

  app.openapi(
    createRoute({
      ...authApi.verifyPasswordReset,
      summary: "Whether a reset link is still valid",
      request: { query: z.object({ token: passwordResetTokenSchema }) },
      responses: {
        200: json(successResponseSchema, "Valid"),
        400: errorJson("Invalid or expired"),
      },
    }),
    async (c) => {
      await verifyPasswordResetToken(deps, c.req.valid("query").token);
      return c.json({ success: true }, 200);
    },
  );

  app.openapi(
    createRoute({
      ...authApi.resetPassword,
      summary: "Set a new password with a reset link; ends every session",
      request: jsonBody(resetPasswordSchema),
      responses: {
        ...errorResponses,
        200: json(successResponseSchema, "Password changed"),
        400: errorJson("Invalid or expired"),
      },
    }),
    async (c) => {
      await resetPassword(deps, c.req.valid("json"), requestContext(c));
      return c.json({ success: true }, 200);
    },
  );

  app.openapi(
    adminRoutes(deps)({
      ...adminUserApi.sendPasswordReset,
      summary: "Admin: email a password reset link to a user",
      request: { params: z.object({ userId: z.uuid() }) },
      responses: {
        200: json(successResponseSchema, "Sent"),
        403: errorJson("Not an admin"),
        404: errorJson("No such user"),
      },
    }),
    async (c) => {
      await sendPasswordResetByAdmin(
        deps,
        c.var.auth.user.id,
        c.req.valid("param").userId,
        requestContext(c),
      );
      return c.json({ success: true, message: "Password reset link sent." }, 200);
    },
  );
}
