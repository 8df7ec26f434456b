import type { OpenAPIHono } from "@hono/zod-openapi";
import { adminVerificationApi } from "../../lib/api/admin";
import { onboardingApi } from "../../lib/api/onboarding";
import { expiredIdListSchema, idExpirySchema } from "../../lib/schemas/id-expiry";
import { listExpiredIds, readOwnIdExpiry } from "../domain/documents/id-expiry";
import type { AppEnv } from "../http";
import { adminRoutes, memberRoutes } from "./authenticate";
import { json } from "./openapi";
import type { MemberRouteDeps } from "./route-deps";

/**
 * ID expiry: the caller's own state (the dashboard's notice) and, for admins, the members whose
 * ID has expired and who need to upload a new one. The mails come from the hourly sweep
 * (domain/documents/id-expiry-sweeper.ts), not from a request.
 */
export function registerIdExpiryRoutes(app: OpenAPIHono<AppEnv>, deps: MemberRouteDeps) {
  app.openapi(
    memberRoutes(deps)({
      ...onboardingApi.idExpiry,
      summary: "Whether the caller's current ID expires within 30 days or has expired",
      responses: { 200: json(idExpirySchema, "The state and the expiry date") },
    }),
    async (c) => c.json(await readOwnIdExpiry(deps.db, c.var.auth.user.id, new Date()), 200),
  );

  app.openapi(
    adminRoutes(deps)({
      ...adminVerificationApi.expiredIds,
      summary: "Members whose current ID has expired and who need to upload a new one",
      responses: { 200: json(expiredIdListSchema, "Longest expired first, at most 100") },
    }),
    async (c) => c.json({ members: await listExpiredIds(deps.db, new Date()) }, 200),
  );
}
