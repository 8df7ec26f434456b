import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { templateApi } from "../../lib/api/contracts";
import { honoPath } from "../../lib/api/endpoint";
import {
  templateAudienceSchema,
  templateDetailSchema,
  templateFormSchema,
  templateLanguageSchema,
  templateListResponseSchema,
  templateStateRequestSchema,
  templateStateSchema,
  templateSummarySchema,
} from "../../lib/schemas/contracts";
import { checkCreateForm, checkUpdateForm } from "../domain/contracts/check-template-form";
import { createTemplate } from "../domain/contracts/create-template";
import { readTemplateForm } from "../domain/contracts/read-template-form";
import { renderTemplatePreview } from "../domain/contracts/render-template-preview";
import { setTemplateState } from "../domain/contracts/set-template-state";
import { listTemplates, loadTemplateDetail, loadTemplateSummary } from "../domain/contracts/template-queries";
import { updateTemplate } from "../domain/contracts/update-template";
import { AppError } from "../errors";
import type { AppEnv } from "../http";
import { requestBody } from "../infra/uploads/request-body";
import { actorOf, adminRoutes, authenticateAdmin } from "./authenticate";
import { pdfDownloadHeaders } from "./download-headers";
import { jsonBodyLimit, readsOwnBody } from "./json-body-limit";
import { errorJson, errorResponses, idParams, json, pdfResponse } from "./openapi";
import type { MemberRouteDeps } from "./route-deps";

const notFound = { 404: errorJson("Template or version not found") };
const errors = { ...errorResponses, ...notFound };

const versionQuery = z.object({ version: z.coerce.number().int().min(1).max(1_000_000).optional() });

// The spec's clients send the state as "ACTIVE" or 1 too.
/** `{"state":"inactive"}` and the like: anything bigger is refused while it streams in. */
const STATE_BODY_MAX_BYTES = 1024;

const NUMERIC_STATES: Record<string, string> = { "1": "active", "0": "inactive" };
const looseState = z.preprocess((value) => {
  if (typeof value === "number") return NUMERIC_STATES[String(value)] ?? value;
  return typeof value === "string" ? (NUMERIC_STATES[value] ?? value.toLowerCase()) : value;
}, templateStateSchema);

const listQuery = z.object({
  lang: templateLanguageSchema.optional(),
  audience: templateAudienceSchema.optional(),
  /** The spec's alias of `audience`. */
  user_type: templateAudienceSchema.optional(),
  state: looseState.optional(),
});

const binary = z.string().meta({ type: "string", format: "binary" });
const templateMultipartForm = templateFormSchema.extend({
  user_type: templateAudienceSchema.optional().meta({ description: "Alias of audience" }),
  file: binary.optional().meta({ description: "The template as an HTML file, at most 1 MB" }),
  html: z.string().optional().meta({ description: "The template's HTML, instead of a file" }),
  resign: z
    .enum(["true", "false"])
    .optional()
    .meta({ description: "PUT with new HTML: members who signed an earlier version must sign again" }),
});

async function detailOrNotFound(deps: MemberRouteDeps, id: string, version?: number) {
  const detail = await loadTemplateDetail(deps.db, id, version);
  if (!detail) throw new AppError("NOT_FOUND", "templateNotFound");
  return detail;
}

/** Admin: contract templates with versions (document-templates calls). */
export function registerContractTemplateRoutes(app: OpenAPIHono<AppEnv>, deps: MemberRouteDeps): void {
  const adminOnly = authenticateAdmin(deps);
  const tags = ["contract templates"];
  const adminRoute = adminRoutes(deps, notFound);

  app.openapi(
    adminRoute({
      ...templateApi.list,
      tags,
      summary: "Contract templates with their versions, filtered by language, audience and state",
      request: { query: listQuery },
      responses: { 200: json(templateListResponseSchema, "The templates, by name and language") },
    }),
    async (c) => {
      const { lang, audience, user_type, state } = c.req.valid("query");
      const templates = await listTemplates(deps.db, { lang, audience: audience ?? user_type, state });
      return c.json({ templates }, 200);
    },
  );

  app.openapi(
    adminRoute({
      ...templateApi.detail,
      tags,
      summary: "One version of a template (default the current one) with its sanitized HTML",
      request: { params: idParams, query: versionQuery },
      responses: { 200: json(templateDetailSchema, "The template version") },
    }),
    async (c) =>
      c.json(await detailOrNotFound(deps, c.req.valid("param").id, c.req.valid("query").version), 200),
  );

  // Documented only: a route validator would buffer the whole body (parseBody) before the
  // handler could enforce the size limit while streaming.
  const multipartRequest = {
    body: { content: { "multipart/form-data": { schema: templateMultipartForm } }, required: true },
  };
  const multipartErrors = {
    ...errors,
    400: errorJson("Incomplete multipart body"),
    413: errorJson("The template is over 1 MB"),
    415: errorJson("The file is not an HTML text file"),
  };
  app.openAPIRegistry.registerPath({
    ...templateApi.create,
    tags,
    summary: "Create a template (version 1, active); HTML as a file or field, sanitized",
    request: multipartRequest,
    responses: { ...multipartErrors, 201: json(templateDetailSchema, "The new template") },
  });
  app.openAPIRegistry.registerPath({
    ...templateApi.update,
    tags,
    summary: "Change a template's details; new HTML adds a version (old versions never change)",
    request: { params: idParams, ...multipartRequest },
    responses: { ...multipartErrors, 200: json(templateDetailSchema, "The template, current version") },
  });

  /** Reads the form; a refused body's rest stays unread and the connection closes after the answer. */
  const readForm = async (c: Context<AppEnv>) => {
    const body = requestBody(c);
    if (!body) throw new AppError("VALIDATION_FAILED", "templateMultipartRequired");
    try {
      return await readTemplateForm(body);
    } finally {
      if (body.abandoned) c.header("Connection", "close");
    }
  };

  app.post(templateApi.create.path, adminOnly, readsOwnBody, async (c) => {
    const input = checkCreateForm(await readForm(c));
    const id = await createTemplate(deps.db, input, actorOf(c));
    return c.json(await detailOrNotFound(deps, id), 201);
  });

  app.put(honoPath(templateApi.update), adminOnly, readsOwnBody, async (c) => {
    const id = c.req.param("id");
    // An id that is not a template is a 404 before the body is read.
    if (!(await loadTemplateSummary(deps.db, id))) throw new AppError("NOT_FOUND", "templateNotFound");
    const input = checkUpdateForm(await readForm(c));
    await updateTemplate(deps.db, id, input, actorOf(c), { mail: deps.mail, publicUrl: deps.publicUrl });
    return c.json(await detailOrNotFound(deps, id), 200);
  });

  app.openapi(
    createRoute({
      ...templateApi.setState,
      tags,
      summary: "Activate or deactivate a template (inactive ones are offered to no member)",
      middleware: [adminOnly, jsonBodyLimit(STATE_BODY_MAX_BYTES)] as const,
      request: {
        params: idParams,
        body: {
          content: {
            "application/json": { schema: templateStateRequestSchema.extend({ state: looseState }) },
          },
          required: true,
        },
      },
      responses: { ...errors, 200: json(templateSummarySchema, "The template") },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await setTemplateState(deps.db, id, c.req.valid("json").state, actorOf(c));
      const summary = await loadTemplateSummary(deps.db, id);
      if (!summary) throw new AppError("NOT_FOUND", "templateNotFound");
      return c.json(summary, 200);
    },
  );

  app.openapi(
    adminRoute({
      ...templateApi.preview,
      tags,
      summary: "A template version as PDF, filled with sample data, unsigned, with the active stamp",
      request: { params: idParams, query: versionQuery },
      responses: { 200: pdfResponse("The preview PDF (attachment)") },
    }),
    async (c) => {
      const { pdf, fileName } = await renderTemplatePreview(deps.db, c.req.valid("param").id, {
        version: c.req.valid("query").version,
        renders: deps.metrics.pdfRenders,
      });
      return c.body(new Uint8Array(pdf), 200, pdfDownloadHeaders(pdf, fileName));
    },
  );
}
