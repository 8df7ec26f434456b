import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { expiredIdListSchema, idExpirySchema } from "../../lib/schemas/id-expiry";
import { listExpiredIds, readOwnIdExpiry } from "../domain/documents/id-expiry";
import type { AppEnv } from "../http";
import { ADMIN_ROLES, authenticate, requireRole } from "./authenticate";
import { errorResponses, json } from "./openapi";
import type { MemberRouteDeps } from "./route-deps";

/**
 * ID expiry: the caller's own state (the dashboard's notice) and, for admins, the members whose
 * ID has expired and who need to upload a new one. The mails come from the hourly sweep
 * (domain/documents/id-expiry-sweeper.ts), not from a request.
 */
export function registerIdExpiryRoutes(app: OpenAPIHono<AppEnv>, deps: MemberRouteDeps) {
  const auth = authenticate(deps);

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/documents/id-expiry",
      summary: "Whether the caller's current ID expires within 30 days or has expired",
      middleware: [auth] as const,
      responses: { 200: json(idExpirySchema, "The state and the expiry date"), ...errorResponses },
    }),
    async (c) => c.json(await readOwnIdExpiry(deps.db, c.var.auth.user.id, new Date()), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/admin/expired-ids",
      summary: "Members whose current ID has expired and who need to upload a new one",
      middleware: [auth, requireRole(...ADMIN_ROLES)] as const,
      responses: { 200: json(expiredIdListSchema, "Longest expired first, at most 100"), ...errorResponses },
    }),
    async (c) => c.json({ members: await listExpiredIds(deps.db, new Date()) }, 200),
  );
}
