import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { stampApi } from "../../lib/api/contracts";
import { STAMP_MAX_BYTES } from "../../lib/constants";
import {
  activeStampResponseSchema,
  stampListResponseSchema,
  stampResponseSchema,
  stampUploadRequestSchema,
} from "../../lib/schemas/contracts";
import { activateStamp, deleteStamp } from "../domain/contracts/stamp-manage";
import { uploadStamp } from "../domain/contracts/stamp-upload";
import { listStamps } from "../domain/contracts/stamp-view";
import { AppError } from "../errors";
import type { AppEnv } from "../http";
import { ADMIN_ROLES, actorOf, authenticate, requireRole } from "./authenticate";
import { base64JsonBodyBytes, jsonBodyLimit } from "./json-body-limit";
import { errorJson, errorResponses, json, jsonBody, routesWith } from "./openapi";
import type { MemberRouteDeps } from "./route-deps";

const notFound = { 404: errorJson("No stamp with this id") };

const idParams = z.object({ id: z.string().max(16) });
/** Stamp ids are small integers (only 1 exists); anything else names no stamp. */
const stampIdOf = (id: string) => {
  if (!/^\d{1,9}$/.test(id)) throw new AppError("NOT_FOUND", "stampNotFound");
  return Number(id);
};

/** Admin: the company stamp (company-stamps calls). */
export function registerCompanyStampRoutes(app: OpenAPIHono<AppEnv>, deps: MemberRouteDeps): void {
  const auth = authenticate(deps);
  const adminRole = requireRole(...ADMIN_ROLES);
  const adminRoute = routesWith({ middleware: [auth, adminRole], responses: errorResponses });

  app.openapi(
    adminRoute({
      ...stampApi.list,
      summary: "The company stamp (a list of 0 or 1)",
      responses: { 200: json(stampListResponseSchema, "The stamp, if any") },
    }),
    async (c) => c.json({ stamps: await listStamps(deps.db) }, 200),
  );

  app.openapi(
    adminRoute({
      ...stampApi.active,
      summary: "The active company stamp, or null",
      responses: { 200: json(activeStampResponseSchema, "The active stamp or null") },
    }),
    async (c) => {
      const [stamp] = await listStamps(deps.db, { activeOnly: true });
      return c.json({ stamp: stamp ?? null }, 200);
    },
  );

  app.openapi(
    createRoute({
      ...stampApi.upload,
      summary: "Upload the company stamp (PNG, JPEG or WEBP as base64, at most 500 KB; stored as PNG)",
      middleware: [
        auth,
        adminRole,
        jsonBodyLimit(base64JsonBodyBytes(STAMP_MAX_BYTES), "stampTooLarge"),
      ] as const,
      request: jsonBody(stampUploadRequestSchema),
      responses: {
        ...errorResponses,
        ...notFound,
        201: json(stampResponseSchema, "Stored"),
        409: errorJson("A stamp exists already (STAMP_EXISTS, details.stamp)"),
        413: errorJson("Over 500 KB"),
        415: errorJson("Not a PNG, JPEG or WEBP image"),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const stamp = await uploadStamp(deps.db, {
        base64: body.base64,
        label: body.label,
        activate: body.activate,
        ...actorOf(c),
      });
      return c.json({ stamp }, 201);
    },
  );

  app.openapi(
    adminRoute({
      ...stampApi.activate,
      summary: "Make the stamp the one signed contracts carry",
      request: { params: idParams },
      responses: { 200: json(stampResponseSchema, "Activated"), ...notFound },
    }),
    async (c) => {
      const stamp = await activateStamp(deps.db, stampIdOf(c.req.valid("param").id), actorOf(c));
      return c.json({ stamp }, 200);
    },
  );

  app.openapi(
    adminRoute({
      ...stampApi.remove,
      summary: "Delete the stamp (then a new one may be uploaded)",
      request: { params: idParams },
      responses: { 204: { description: "Deleted" }, ...notFound },
    }),
    async (c) => {
      await deleteStamp(deps.db, stampIdOf(c.req.valid("param").id), actorOf(c));
      return c.body(null, 204);
    },
  );
}
