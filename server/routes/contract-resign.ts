import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { adminUserApi, adminVerificationApi } from "../../lib/api/admin";
import { contractApi } from "../../lib/api/contracts";
import {
  adminMemberContractsResponseSchema,
  resignContractRequestSchema,
  resignContractResponseSchema,
  resignPendingResponseSchema,
  resignTemplatesResponseSchema,
  SIGNATURE_MAX_BYTES,
} from "../../lib/schemas/contracts";
import { findUserById } from "../db/queries/users";
import { listPendingResigns, memberContractsForAdmin, templatesToResign } from "../domain/contracts/resign";
import { signContracts } from "../domain/contracts/sign-contracts";
import { type AppEnv, requestContext } from "../http";
import { ADMIN_ROLES, authenticate, requireRole } from "./authenticate";
import { base64JsonBodyBytes, jsonBodyLimit } from "./json-body-limit";
import { errorJson, errorResponses, json, jsonBody, renderBusyResponses } from "./openapi";
import type { MemberRouteDeps } from "./route-deps";

/**
 * Contract versions published as "members must sign again": what a member must sign again and
 * signing it, and for admins who has not yet and a member's evidence. Uploading a signed PDF for
 * such a template is the ordinary upload call (it records the template's current version).
 */
export function registerContractResignRoutes(app: OpenAPIHono<AppEnv>, deps: MemberRouteDeps): void {
  const auth = authenticate(deps);
  const adminOnly = requireRole(...ADMIN_ROLES);

  app.openapi(
    createRoute({
      ...contractApi.resignList,
      summary: "The templates the caller signed at an older version and must sign again",
      middleware: [auth] as const,
      responses: {
        200: json(resignTemplatesResponseSchema, "Empty when nothing is to be signed"),
        ...errorResponses,
      },
    }),
    async (c) => c.json({ templates: await templatesToResign(deps.db, c.var.auth.user) }, 200),
  );

  app.openapi(
    createRoute({
      ...contractApi.resign,
      summary: "Sign every template the caller must sign again with one drawn signature",
      middleware: [auth, jsonBodyLimit(base64JsonBodyBytes(SIGNATURE_MAX_BYTES))] as const,
      request: jsonBody(resignContractRequestSchema),
      responses: {
        ...errorResponses,
        201: json(resignContractResponseSchema, "Signed and stored beside the earlier signatures"),
        403: errorJson("Email, ID or profile step missing (CONTRACT_NOT_ELIGIBLE)"),
        409: errorJson("Nothing to sign again (CONFLICT)"),
        413: errorJson("The signature image is too large, or the storage quota is used up"),
        ...renderBusyResponses,
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { contracts } = await signContracts(
        { db: deps.db, storage: deps.storage, logger: c.var.log, renders: deps.metrics.pdfRenders },
        {
          user: c.var.auth.user,
          signatureImage: body.signatureImage,
          resign: true,
          ...requestContext(c),
        },
      );
      return c.json({ contracts }, 201);
    },
  );

  app.openapi(
    createRoute({
      ...adminVerificationApi.resignPending,
      summary: "Per template version to be signed again: who has signed it and who has not yet",
      middleware: [auth, adminOnly] as const,
      responses: {
        200: json(resignPendingResponseSchema, "By template name and language"),
        ...errorResponses,
      },
    }),
    async (c) => c.json({ templates: await listPendingResigns(deps.db) }, 200),
  );

  app.openapi(
    createRoute({
      ...adminUserApi.contracts,
      summary: "A member's contract evidence, newest first, and the templates they must sign again",
      middleware: [auth, adminOnly] as const,
      request: { params: z.object({ id: z.string().max(100) }) },
      responses: {
        200: json(adminMemberContractsResponseSchema, "Evidence and open re-signs"),
        ...errorResponses,
        404: errorJson("Unknown user"),
      },
    }),
    async (c) =>
      c.json(
        await memberContractsForAdmin(deps.db, (id) => findUserById(deps.db, id), c.req.valid("param").id),
        200,
      ),
  );
}
