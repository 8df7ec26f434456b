import type { OpenAPIHono } from "@hono/zod-openapi";
import { adminOpsApi, adminUserApi } from "../../lib/api/admin";
import { inviteTreeSchema, topReferrersSchema } from "../../lib/schemas/referral-tree";
import type { Database } from "../db";
import { inviteTree, topReferrers } from "../domain/referrals/invite-tree";
import type { AppEnv } from "../http";
import type { TokenService } from "../infra/tokens";
import { adminRoutes } from "./authenticate";
import { errorJson, idParams, json, rowIdOr404 } from "./openapi";

/** Admin calls about referrals: a member's invite tree and the top referrers. */
export function registerAdminReferralRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: { db: Database; tokens: TokenService },
) {
  const adminRoute = adminRoutes(deps);
  const tags = ["admin"];

  app.openapi(
    adminRoute({
      ...adminUserApi.referrals,
      tags,
      summary: "Who invited the member and whom they invited, two levels deep",
      request: { params: idParams },
      responses: {
        200: json(inviteTreeSchema, "The invite tree"),
        404: errorJson("User not found"),
      },
    }),
    async (c) => c.json(await inviteTree(deps.db, rowIdOr404(c.req.valid("param").id, "userNotFound")), 200),
  );

  app.openapi(
    adminRoute({
      ...adminOpsApi.topReferrers,
      tags,
      summary: "The ten members whose links brought the most approved members, then registrations",
      responses: { 200: json(topReferrersSchema, "Top referrers") },
    }),
    async (c) => c.json({ referrers: await topReferrers(deps.db) }, 200),
  );
}
