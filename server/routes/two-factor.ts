import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { adminUserApi } from "../../lib/api/admin";
import { authApi } from "../../lib/api/auth";
import { successResponseSchema, tokenResponseSchema } from "../../lib/schemas/auth";
import {
  loginTotpSchema,
  recoveryCodesResponseSchema,
  totpAdminResetSchema,
  totpDisableSchema,
  totpEnableSchema,
  totpRegenerateSchema,
  totpSetupResponseSchema,
  totpStatusSchema,
} from "../../lib/schemas/two-factor";
import type { AuthDeps } from "../domain/auth/auth-deps";
import { loginWithSecondFactor } from "../domain/auth/login-with-totp";
import { resetSecondFactorOf } from "../domain/auth/reset-two-factor";
import { recordSignIn } from "../domain/auth/sign-in-outcome";
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  setUpTwoFactor,
  twoFactorStatus,
} from "../domain/auth/two-factor-settings";
import { type AppEnv, requestContext } from "../http";
import { adminRoutes, memberRoutes } from "./authenticate";
import { errorJson, errorResponses, idParams, json, jsonBody, rowIdOr404 } from "./openapi";

/**
 * Two-factor sign-in (TOTP): the second step of a login, and the member's own settings. The
 * settings act on the caller's account only: no route takes a user id.
 */
export function registerTwoFactorRoutes(app: OpenAPIHono<AppEnv>, deps: AuthDeps) {
  // What an admin who has not passed a second factor needs to set one up.
  const memberRoute = memberRoutes(deps, {}, "enrolment");

  app.openapi(
    createRoute({
      ...authApi.loginWithTotp,
      summary: "Second sign-in step: an authenticator or recovery code for the first step's challenge",
      request: jsonBody(loginTotpSchema),
      responses: {
        ...errorResponses,
        200: json(tokenResponseSchema, "Session started"),
        400: errorJson("Wrong code"),
      },
    }),
    async (c) =>
      c.json(
        await recordSignIn(deps.metrics, "second_factor", () =>
          loginWithSecondFactor(deps, c.req.valid("json"), requestContext(c)),
        ),
        200,
      ),
  );

  app.openapi(
    memberRoute({
      ...authApi.totpStatus,
      summary: "Whether two-factor sign-in is on, and the recovery codes left",
      responses: { 200: json(totpStatusSchema, "Status") },
    }),
    async (c) => c.json(await twoFactorStatus(deps.db, c.var.auth), 200),
  );

  app.openapi(
    memberRoute({
      ...authApi.totpSetup,
      summary: "A new authenticator secret (QR code and text), in force once enabled",
      responses: {
        200: json(totpSetupResponseSchema, "Secret to add to an app"),
        409: errorJson("Already on"),
      },
    }),
    async (c) => c.json(await setUpTwoFactor(deps, c.var.auth.user), 200),
  );

  app.openapi(
    memberRoute({
      ...authApi.totpEnable,
      summary:
        "Turn two-factor sign-in on with the current password and a code of the new secret; the recovery codes, once",
      request: jsonBody(totpEnableSchema),
      responses: {
        200: json(recoveryCodesResponseSchema, "On"),
        409: errorJson("Already on, or no setup"),
      },
    }),
    async (c) => {
      const recoveryCodes = await enableTwoFactor(deps, c.var.auth, c.req.valid("json"), requestContext(c));
      return c.json({ recoveryCodes }, 200);
    },
  );

  app.openapi(
    memberRoute({
      ...authApi.totpDisable,
      summary: "Turn two-factor sign-in off (members only) with the password and a code",
      request: jsonBody(totpDisableSchema),
      responses: {
        200: json(successResponseSchema, "Off"),
        409: errorJson("Not on"),
      },
    }),
    async (c) => {
      await disableTwoFactor(deps, c.var.auth.user, c.req.valid("json"), requestContext(c));
      return c.json({ success: true }, 200);
    },
  );

  app.openapi(
    adminRoutes(deps, { 404: errorJson("User not found"), 409: errorJson("Not on for this account") })({
      ...adminUserApi.resetTwoFactor,
      tags: ["admin"],
      summary:
        "Super admins: turn another account's two-factor sign-in off (lost phone), with one's own code and a reason; ends its sessions and mails the owner",
      request: { params: idParams, ...jsonBody(totpAdminResetSchema) },
      responses: { 200: json(successResponseSchema, "Reset") },
    }),
    async (c) => {
      const targetId = rowIdOr404(c.req.valid("param").id, "userNotFound");
      await resetSecondFactorOf(deps, c.var.auth.user, targetId, c.req.valid("json"), requestContext(c));
      return c.json({ success: true }, 200);
    },
  );

  app.openapi(
    memberRoute({
      ...authApi.totpRecoveryCodes,
      summary: "Ten new recovery codes for a code; the earlier ones stop working",
      request: jsonBody(totpRegenerateSchema),
      responses: {
        200: json(recoveryCodesResponseSchema, "New codes"),
        409: errorJson("Not on"),
      },
    }),
    async (c) => {
      const recoveryCodes = await regenerateRecoveryCodes(
        deps,
        c.var.auth.user,
        c.req.valid("json").code,
        requestContext(c),
      );
      return c.json({ recoveryCodes }, 200);
    },
  );
}
