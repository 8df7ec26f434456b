import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { errorResponseSchema } from "../../lib/schemas/common";
import { inviteTreeSchema, topReferrersSchema } from "../../lib/schemas/referral-tree";
import type { Database } from "../db";
import { isUuid } from "../domain/ids";
import { inviteTree, topReferrers } from "../domain/referrals/invite-tree";
import { AppError } from "../errors";
import type { AppEnv } from "../http";
import type { TokenService } from "../infra/tokens";
import { authenticateAdmin } from "./authenticate";
import { errorResponses, json, routesWith } from "./openapi";

/** Admin calls about referrals: a member's invite tree and the top referrers. */
export function registerAdminReferralRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: { db: Database; tokens: TokenService },
) {
  const adminOnly = authenticateAdmin(deps);
  const adminRoute = routesWith({ middleware: [adminOnly], responses: errorResponses });
  const tags = ["admin"];

  app.openapi(
    adminRoute({
      method: "get",
      path: "/api/admin/users/{id}/referrals",
      tags,
      summary: "Who invited the member and whom they invited, two levels deep",
      request: { params: z.object({ id: z.string().max(64) }) },
      responses: {
        200: json(inviteTreeSchema, "The invite tree"),
        404: json(errorResponseSchema, "User not found"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      // A path id that is not a UUID names nobody: 404 like an unknown one.
      if (!isUuid(id)) throw new AppError("NOT_FOUND", "User not found");
      return c.json(await inviteTree(deps.db, id.toLowerCase()), 200);
    },
  );

  app.openapi(
    adminRoute({
      method: "get",
      path: "/api/admin/top-referrers",
      tags,
      summary: "The ten members whose links brought the most approved members, then registrations",
      responses: { 200: json(topReferrersSchema, "Top referrers") },
    }),
    async (c) => c.json({ referrers: await topReferrers(deps.db) }, 200),
  );
}
