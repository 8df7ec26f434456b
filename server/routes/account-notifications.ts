import type { OpenAPIHono } from "@hono/zod-openapi";
import { accountApi } from "../../lib/api/account";
import {
  notificationSettingsResponseSchema,
  notificationSettingsSchema,
} from "../../lib/schemas/account-notifications";
import type { Database } from "../db";
import { notificationSettingsOf, updateNotificationSettings } from "../domain/account/notification-settings";
import { type AppEnv, requestContext } from "../http";
import type { TokenService } from "../infra/tokens";
import { memberRoutes } from "./authenticate";
import { json, jsonBody } from "./openapi";

/**
 * Which non-security mails the member gets (their referrals registering, being approved). Every
 * signed-in account, only ever its own: the session names the account, the body cannot.
 */
export function registerAccountNotificationRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: { db: Database; tokens: TokenService },
) {
  const memberRoute = memberRoutes(deps);
  const tags = ["account"];

  app.openapi(
    memberRoute({
      ...accountApi.notifications,
      tags,
      summary: "The caller's choice of non-security mails",
      responses: { 200: json(notificationSettingsResponseSchema, "Each kind on or off") },
    }),
    // The session check read the account's row just now: the choices are in it.
    (c) => c.json({ notifications: notificationSettingsOf(c.var.auth.user) }, 200),
  );

  app.openapi(
    memberRoute({
      ...accountApi.saveNotifications,
      tags,
      summary: "Turn non-security mails on or off (security and ID-expiry notices always go); audited",
      request: jsonBody(notificationSettingsSchema),
      responses: { 200: json(notificationSettingsResponseSchema, "The choices as saved") },
    }),
    async (c) => {
      const notifications = await updateNotificationSettings(
        deps.db,
        c.var.auth.user.id,
        c.req.valid("json"),
        requestContext(c),
      );
      return c.json({ notifications }, 200);
    },
  );
}
