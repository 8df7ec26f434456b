import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { onboardingApi } from "../../lib/api/onboarding";
import { ownIdDocumentsSchema } from "../../lib/schemas/id-upload";
import { COMPANY_ID_TYPES, DOCUMENT_SIDES, PERSONAL_ID_TYPES } from "../../lib/vocabulary";
import { listOwnIdDocuments } from "../domain/documents/list-own-id-documents";
import { uploadIdDocuments } from "../domain/documents/upload-id-documents";
import { AppError } from "../errors";
import { type AppEnv, clientIp } from "../http";
import { requestBody } from "../infra/uploads/request-body";
import { authenticate, memberRoutes, requireUserType } from "./authenticate";
import { readsOwnBody } from "./json-body-limit";
import { errorJson, errorResponses, json } from "./openapi";
import type { MemberRouteDeps } from "./route-deps";

// The answers; they could move next to the other onboarding schemas (lib/schemas/onboarding.ts)
// once the web tier reads them.
const idUploadResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  documents: z.array(
    z.object({ id: z.string(), side: z.enum(DOCUMENT_SIDES), originalFilename: z.string() }),
  ),
});

const binary = z.string().meta({ type: "string", format: "binary" });
const idUploadForm = (idTypes: readonly [string, ...string[]]) =>
  z.object({
    idType: z.enum(idTypes),
    idNumber: z.string().max(64),
    expiryDate: z.iso.date(),
    hasBackside: z.enum(["true", "false"]).optional().meta({ description: "Default true" }),
    front: binary.meta({ description: "PNG or JPEG, at most 10 MB" }),
    back: binary.optional().meta({ description: "Required unless hasBackside is false" }),
  });

const ACCOUNT_TYPES = {
  personal: { documentType: "personal_id", idTypes: PERSONAL_ID_TYPES },
  company: { documentType: "company_id", idTypes: COMPANY_ID_TYPES },
} as const;

/** ID document uploads and the caller's own documents. */
export function registerUploadRoutes(app: OpenAPIHono<AppEnv>, deps: MemberRouteDeps) {
  const auth = authenticate(deps);

  for (const [type, { documentType, idTypes }] of Object.entries(ACCOUNT_TYPES) as [
    keyof typeof ACCOUNT_TYPES,
    (typeof ACCOUNT_TYPES)[keyof typeof ACCOUNT_TYPES],
  ][]) {
    const path = onboardingApi.uploadId[type].path;
    // Documented only: a route validator would buffer the whole body (parseBody) before the
    // handler could enforce the size limits while streaming.
    app.openAPIRegistry.registerPath({
      method: "post",
      path,
      summary: `Upload the ${type === "company" ? "contact person's" : "member's"} ID document (front and back)`,
      request: {
        body: { content: { "multipart/form-data": { schema: idUploadForm(idTypes) } }, required: true },
      },
      responses: {
        201: json(idUploadResponseSchema, "Stored; replaces the previous ID documents"),
        ...errorResponses,
        400: errorJson("Incomplete multipart body"),
        413: errorJson("A file is over 10 MB, or over the storage quota (STORAGE_QUOTA_EXCEEDED)"),
        415: errorJson("Not a PNG or JPEG image"),
        429: errorJson("Too many ID uploads by this member today (RATE_LIMITED, Retry-After)"),
      },
    });
    app.post(path, auth, requireUserType(type), readsOwnBody, async (c) => {
      const body = requestBody(c);
      if (!body) throw new AppError("VALIDATION_FAILED", "idUploadIncomplete");
      try {
        const documents = await uploadIdDocuments(
          { db: deps.db, storage: deps.storage, logger: c.var.log },
          { userId: c.var.auth.user.id, documentType, body, ip: clientIp(c) },
        );
        return c.json({ success: true as const, message: "ID uploaded successfully.", documents }, 201);
      } finally {
        // The rest of a refused body was left unread: close the connection after the answer
        // instead of letting the server drain it.
        if (body.abandoned) c.header("Connection", "close");
      }
    });
  }

  app.openapi(
    memberRoutes(deps)({
      ...onboardingApi.myDocuments,
      summary: "The caller's ID documents, with signed URLs valid for 5 minutes",
      responses: { 200: json(ownIdDocumentsSchema, "The caller's ID documents") },
    }),
    async (c) => c.json({ documents: await listOwnIdDocuments(deps, c.var.auth.user.id) }, 200),
  );
}
