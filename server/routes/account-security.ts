import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { authApi } from "../../lib/api/auth";
import {
  accountSessionsResponseSchema,
  changePasswordSchema,
  revokeOtherSessionsResponseSchema,
} from "../../lib/schemas/account-security";
import { successResponseSchema } from "../../lib/schemas/auth";
import {
  listAccountSessions,
  revokeAccountSession,
  revokeOtherAccountSessions,
} from "../domain/auth/account-sessions";
import type { AuthDeps } from "../domain/auth/auth-deps";
import { changePassword } from "../domain/auth/change-password";
import { type AppEnv, requestContext } from "../http";
import { memberRoutes } from "./authenticate";
import { errorJson, json, jsonBody } from "./openapi";

/**
 * The member's own account security: change the password, see the signed-in browsers, end one
 * or all the others. Every member, personal or company, and admins alike; only ever their own.
 */
export function registerAccountSecurityRoutes(app: OpenAPIHono<AppEnv>, deps: AuthDeps) {
  const memberRoute = memberRoutes(deps);

  app.openapi(
    memberRoute({
      ...authApi.changePassword,
      summary: "Change the password; ends every other session",
      request: jsonBody(changePasswordSchema),
      responses: {
        200: json(successResponseSchema.extend({ otherSessionsEnded: z.number() }), "Password changed"),
      },
    }),
    async (c) => {
      const result = await changePassword(deps, c.var.auth, c.req.valid("json"), requestContext(c));
      return c.json({ success: true, ...result }, 200);
    },
  );

  app.openapi(
    memberRoute({
      ...authApi.sessions,
      summary: "The signed-in browsers of this account",
      responses: { 200: json(accountSessionsResponseSchema, "Live sessions, this one first") },
    }),
    async (c) =>
      c.json({ sessions: await listAccountSessions(deps, c.var.auth.user.id, c.var.auth.sessionId) }, 200),
  );

  app.openapi(
    memberRoute({
      ...authApi.revokeOtherSessions,
      summary: "End every session of this account but this one",
      responses: { 200: json(revokeOtherSessionsResponseSchema, "Other sessions ended") },
    }),
    async (c) => {
      const revoked = await revokeOtherAccountSessions(deps.db, {
        userId: c.var.auth.user.id,
        keepSessionId: c.var.auth.sessionId,
        ip: requestContext(c).ip,
      });
      return c.json({ success: true, revoked }, 200);
    },
  );

  app.openapi(
    memberRoute({
      ...authApi.revokeSession,
      summary: "End one session of this account",
      // Any string: an id of the wrong shape gets the same 404 as another member's.
      request: { params: z.object({ id: z.string().max(100) }) },
      responses: {
        200: json(successResponseSchema, "Session ended"),
        404: errorJson("No such session of this account"),
      },
    }),
    async (c) => {
      await revokeAccountSession(deps.db, {
        userId: c.var.auth.user.id,
        sessionId: c.req.valid("param").id,
        ip: requestContext(c).ip,
      });
      return c.json({ success: true }, 200);
    },
  );
}
