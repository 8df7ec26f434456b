import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { contractApi } from "../../lib/api/contracts";
import {
  completeContractRequestSchema,
  completeContractResponseSchema,
  contractListResponseSchema,
  contractUploadResponseSchema,
  memberTemplatesResponseSchema,
  SIGNATURE_MAX_BYTES,
  signContractRequestSchema,
  signContractResponseSchema,
  templateLanguageSchema,
} from "../../lib/schemas/contracts";
import { ACCOUNT_TYPES } from "../../lib/vocabulary";
import { listOwnContracts, ownContractDownloadUrl } from "../domain/contracts/member-contracts";
import { chooseMemberTemplates } from "../domain/contracts/member-templates";
import { renderUnsignedContract } from "../domain/contracts/member-unsigned-contract";
import { completeContracts } from "../domain/contracts/sign-complete";
import { signContracts } from "../domain/contracts/sign-contracts";
import { uploadSignedContract } from "../domain/contracts/sign-upload-contract";
import { AppError } from "../errors";
import { type AppEnv, requestContext } from "../http";
import { requestBody } from "../infra/uploads/request-body";
import { ADMIN_ROLES, authenticate, memberRoutes, requireUserType } from "./authenticate";
import { pdfDownloadHeaders } from "./download-headers";
import { base64JsonBodyBytes, jsonBodyLimit, readsOwnBody } from "./json-body-limit";
import { errorJson, errorResponses, json, jsonBody, pdfResponse, renderBusyResponses } from "./openapi";
import type { MemberRouteDeps } from "./route-deps";

const notFound = { 404: errorJson("Not found") };
const errors = { ...errorResponses, ...notFound };
const notEligible = errorJson("Email, ID or profile step missing (CONTRACT_NOT_ELIGIBLE)");
const noTemplates = errorJson("No active templates (NO_CONTRACT_TEMPLATES)");

const idParams = z.object({ id: z.string().max(64) });
const langQuery = z.object({ lang: templateLanguageSchema.optional() });

const isAdmin = (role: string) => (ADMIN_ROLES as readonly string[]).includes(role);

/** Members: the templates to sign, signing, signed-PDF uploads, own contracts. */
export function registerContractRoutes(app: OpenAPIHono<AppEnv>, deps: MemberRouteDeps): void {
  const auth = authenticate(deps);
  const memberRoute = memberRoutes(deps, notFound);

  app.openapi(
    memberRoute({
      ...contractApi.templates,
      summary: "The templates the caller signs, in ?lang (default: the caller's language), with done flags",
      request: { query: langQuery },
      responses: {
        200: json(memberTemplatesResponseSchema, "Templates and the contract step's time"),
      },
    }),
    async (c) => {
      const user = c.var.auth.user;
      const templates = await chooseMemberTemplates(deps.db, user, c.req.valid("query").lang);
      return c.json({ templates, contractSignedAt: user.contractSignedAt?.toISOString() ?? null }, 200);
    },
  );

  app.openapi(
    memberRoute({
      ...contractApi.unsignedPdf,
      summary: "A template filled with the caller's data as an unsigned PDF (download)",
      request: { params: idParams },
      responses: { 200: pdfResponse("The PDF"), ...renderBusyResponses },
    }),
    async (c) => {
      const user = c.var.auth.user;
      const { pdf: bytes, fileName } = await renderUnsignedContract(deps.db, user, {
        templateId: c.req.valid("param").id,
        isAdmin: isAdmin(user.role),
        renders: deps.metrics.pdfRenders,
      });
      return c.body(new Uint8Array(bytes), 200, pdfDownloadHeaders(bytes, fileName));
    },
  );

  app.openapi(
    createRoute({
      ...contractApi.sign,
      summary: "Sign every template the caller signs with one drawn signature",
      middleware: [auth, jsonBodyLimit(base64JsonBodyBytes(SIGNATURE_MAX_BYTES))] as const,
      request: jsonBody(signContractRequestSchema),
      responses: {
        ...errors,
        201: json(signContractResponseSchema, "Signed and stored"),
        403: notEligible,
        409: noTemplates,
        413: errorJson("The signature image is too large, or the storage quota is used up"),
        ...renderBusyResponses,
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const result = await signContracts(
        { db: deps.db, storage: deps.storage, logger: c.var.log, renders: deps.metrics.pdfRenders },
        { user: c.var.auth.user, signatureImage: body.signatureImage, lang: body.lang, ...requestContext(c) },
      );
      return c.json(result, 201);
    },
  );

  for (const type of ACCOUNT_TYPES) {
    const path = contractApi.upload[type].path;
    // Documented only: a route validator would buffer the whole body before the handler could
    // enforce the size limit while streaming.
    app.openAPIRegistry.registerPath({
      method: "post",
      path,
      summary: `Upload one signed contract PDF (${type} accounts)`,
      request: {
        body: {
          content: {
            "multipart/form-data": {
              schema: z.object({
                templateId: z.string(),
                contract: z
                  .string()
                  .meta({ type: "string", format: "binary", description: "PDF, at most 10 MB" }),
              }),
            },
          },
          required: true,
        },
      },
      responses: {
        201: json(contractUploadResponseSchema, "Stored; lists the templates still missing"),
        ...errors,
        403: errorJson("Not eligible, or the other account type"),
        404: errorJson("Not one of the caller's templates"),
        413: errorJson("Over 10 MB, or over the storage quota (STORAGE_QUOTA_EXCEEDED)"),
        415: errorJson("Not a PDF"),
      },
    });
    app.post(path, auth, requireUserType(type), readsOwnBody, async (c) => {
      const body = requestBody(c);
      if (!body) throw new AppError("VALIDATION_FAILED", "contractNotPdf");
      try {
        const result = await uploadSignedContract(
          { db: deps.db, storage: deps.storage, logger: c.var.log },
          { user: c.var.auth.user, body, ...requestContext(c) },
        );
        return c.json(result, 201);
      } finally {
        // The rest of a refused body was left unread: close the connection after the answer.
        if (body.abandoned) c.header("Connection", "close");
      }
    });
  }

  app.openapi(
    createRoute({
      ...contractApi.complete,
      summary: "Finish the contract step once every template has a signed contract",
      middleware: [auth, jsonBodyLimit(1024)] as const,
      request: {
        body: { content: { "application/json": { schema: completeContractRequestSchema } }, required: false },
      },
      responses: {
        ...errors,
        200: json(completeContractResponseSchema, "Contract step done"),
        403: notEligible,
        409: noTemplates,
        422: errorJson("Templates missing (CONTRACT_INCOMPLETE, details.missing)"),
      },
    }),
    async (c) => {
      const body = c.req.valid("json") ?? {};
      const result = await completeContracts(
        { db: deps.db },
        { user: c.var.auth.user, lang: body.lang, ip: requestContext(c).ip },
      );
      return c.json(result, 200);
    },
  );

  app.openapi(
    memberRoute({
      ...contractApi.mine,
      summary: "The caller's signed contracts with download URLs valid for 5 minutes",
      responses: { 200: json(contractListResponseSchema, "Newest first") },
    }),
    async (c) => c.json({ contracts: await listOwnContracts(deps, c.var.auth.user.id) }, 200),
  );

  app.openapi(
    memberRoute({
      ...contractApi.download,
      summary: "Redirect to a short-lived download URL of the caller's contract (admins: anyone's)",
      request: { params: idParams },
      responses: { 302: { description: "To the signed download URL" } },
    }),
    async (c) => {
      const user = c.var.auth.user;
      const url = await ownContractDownloadUrl(
        deps,
        { id: user.id, isAdmin: isAdmin(user.role) },
        c.req.valid("param").id,
      );
      return c.redirect(url, 302);
    },
  );
}
