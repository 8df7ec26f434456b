import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Logger } from "pino";
import { z } from "zod";
import { accountApi } from "../../lib/api/account";
import {
  confirmIdentitySchema,
  emailChangeConfirmSchema,
  emailChangedSchema,
  emailChangeSchema,
  emailChangeStatusSchema,
  exportDownloadQuerySchema,
  exportTokenSchema,
} from "../../lib/schemas/account";
import { successResponseSchema } from "../../lib/schemas/auth";
import { confirmEmailChange } from "../domain/account/confirm-email-change";
import { deleteOwnAccount } from "../domain/account/delete-own-account";
import { downloadAccountExport, prepareAccountExport } from "../domain/account/export-account";
import { requestEmailChange } from "../domain/account/request-email-change";
import type { AuthDeps } from "../domain/auth/auth-deps";
import { type AppEnv, requestContext } from "../http";
import { contentDisposition } from "../infra/storage/content-disposition";
import type { ObjectStorage } from "../infra/storage/types";
import { memberRoutes } from "./authenticate";
import { errorJson, json, jsonBody } from "./openapi";

/**
 * The member's own account: the login email, the export of their data, the deletion. Each
 * change asks for the password again (and the second factor when on); only ever their own.
 */
export function registerAccountRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: AuthDeps & { storage: ObjectStorage; logger: Logger },
) {
  const memberRoute = memberRoutes(deps);

  app.openapi(
    memberRoute({
      ...accountApi.email,
      summary: "The login email, and the new one while a change waits for its code",
      responses: { 200: json(emailChangeStatusSchema, "The login email") },
    }),
    (c) => {
      const { email, pendingEmail } = c.var.auth.user;
      return c.json({ email, pendingEmail }, 200);
    },
  );

  app.openapi(
    memberRoute({
      ...accountApi.changeEmail,
      summary:
        "Start a change of the login email: a code goes to the new address (the same answer when it is taken)",
      request: jsonBody(emailChangeSchema),
      responses: { 200: json(successResponseSchema.extend({ pendingEmail: z.string() }), "Code sent") },
    }),
    async (c) => {
      const result = await requestEmailChange(deps, c.var.auth.user, c.req.valid("json"), requestContext(c));
      return c.json({ success: true, ...result }, 200);
    },
  );

  app.openapi(
    memberRoute({
      ...accountApi.confirmEmail,
      summary: "Confirm the new login email with its code; ends every other session",
      request: jsonBody(emailChangeConfirmSchema),
      responses: {
        200: json(successResponseSchema.extend(emailChangedSchema.shape), "Email changed"),
        400: errorJson("Wrong, expired or no code (CODE_INVALID, CODE_EXPIRED)"),
        409: errorJson("The address has been taken since the code was sent"),
      },
    }),
    async (c) => {
      const result = await confirmEmailChange(deps, c.var.auth, c.req.valid("json"), requestContext(c));
      return c.json({ success: true, ...result }, 200);
    },
  );

  app.openapi(
    memberRoute({
      ...accountApi.requestExport,
      summary:
        "Confirm the password (and code) for an export: answers a download token good once for 5 minutes",
      request: jsonBody(confirmIdentitySchema),
      responses: { 200: json(exportTokenSchema, "Download token") },
    }),
    async (c) =>
      c.json(await prepareAccountExport(deps, c.var.auth.user, c.req.valid("json"), requestContext(c)), 200),
  );

  app.openapi(
    memberRoute({
      ...accountApi.downloadExport,
      summary: "Download the member's data as a ZIP (account.json, ID images, signed contracts)",
      request: { query: exportDownloadQuerySchema },
      responses: {
        200: {
          description: "The ZIP, streamed",
          content: { "application/zip": { schema: { type: "string" as const, format: "binary" } } },
        },
        410: errorJson("The token expired or was used"),
      },
    }),
    async (c) => {
      const { stream, fileName } = await downloadAccountExport(
        deps,
        c.var.auth.user,
        c.req.valid("query").token,
        requestContext(c),
      );
      return c.body(stream, 200, {
        "Content-Type": "application/zip",
        "Content-Disposition": contentDisposition("attachment", fileName),
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cache-Control": "private, no-store",
      });
    },
  );

  app.openapi(
    memberRoute({
      ...accountApi.deleteAccount,
      summary:
        "Delete the own account: sign-in ends, personal data is erased (admins cannot delete themselves)",
      request: jsonBody(confirmIdentitySchema),
      responses: { 200: json(successResponseSchema, "Account deleted") },
    }),
    async (c) => {
      await deleteOwnAccount(deps, c.var.auth.user, c.req.valid("json"), requestContext(c));
      return c.json({ success: true }, 200);
    },
  );
}
