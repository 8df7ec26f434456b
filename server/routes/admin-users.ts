import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { adminOpsApi, adminUserApi } from "../../lib/api/admin";
import {
  auditActionsSchema,
  auditListSchema,
  auditQuerySchema,
  reactivatedStatusSchema,
  roleChangeSchema,
  userExportQuerySchema,
  userListQuerySchema,
  userListResponseSchema,
  userStatsSchema,
} from "../../lib/schemas/admin";
import { adminFullUserSchema, adminUserDocumentsSchema } from "../../lib/schemas/admin-user";
import { listAuditActions, listAuditEntries } from "../domain/admin/audit-trail";
import { exportUser } from "../domain/admin/export-user";
import { exportFileName, usersCsv } from "../domain/admin/export-users-csv";
import { listUsers, userStats } from "../domain/admin/list-users";
import { loadFullUser } from "../domain/admin/load-full-user";
import {
  AUDIT_ACTIONS,
  changeUserRole,
  deleteUser,
  reactivateUser,
  suspendUser,
} from "../domain/admin/manage-user";
import { listUserDocumentsForAdmin } from "../domain/admin/user-documents";
import { recordAuditEvent } from "../domain/audit/record-audit-event";
import { type AppEnv, requestContext } from "../http";
import type { LogRingBuffer } from "../infra/logging/logger";
import { contentDisposition } from "../infra/storage/content-disposition";
import { actorOf, adminRoutes } from "./authenticate";
import { errorJson, idParams, json, jsonBody, rowIdOr404 } from "./openapi";
import type { MemberRouteDeps } from "./route-deps";

const userErrors = {
  404: errorJson("User not found"),
  409: errorJson("Not possible in the user's current state"),
};

/** A path id that is not a UUID names nobody: 404 like an unknown one. */
const userIdOf = (id: string) => rowIdOr404(id, "userNotFound");

const resultSchema = z.object({ success: z.boolean(), message: z.string() });

const roleBodySchema = roleChangeSchema;

/** Admin calls: user list, stats, full view, documents, delete, suspend, roles, export, audit. */
export function registerAdminUsersRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: MemberRouteDeps & { startedAt: number; logs: LogRingBuffer },
) {
  // Role, status and permissions come from the database on every call.
  const adminRoute = adminRoutes(deps, userErrors);
  const tags = ["admin"];

  app.openapi(
    adminRoute({
      ...adminUserApi.list,
      tags,
      summary: "Users, searched, filtered and paged",
      request: { query: userListQuerySchema },
      responses: { 200: json(userListResponseSchema, "One page of users") },
    }),
    async (c) => c.json(await listUsers(deps.db, c.req.valid("query")), 200),
  );

  app.openapi(
    adminRoute({
      ...adminUserApi.exportCsv,
      tags,
      summary: "The filtered user list as a CSV download, streamed in batches",
      request: { query: userExportQuerySchema },
      responses: {
        200: {
          content: { "text/csv": { schema: z.string() } },
          description: "users-<date>.csv as an attachment (UTF-8 with byte-order mark)",
        },
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      // Recorded when the download starts: what was asked for, whoever stops it halfway.
      await recordAuditEvent(deps.db, {
        action: AUDIT_ACTIONS.listExported,
        actorUserId: c.var.auth.user.id,
        subjectUserId: null,
        details: {
          search: query.search,
          user_type: query.user_type ?? null,
          status: query.status ?? null,
          role: query.role ?? null,
          sort: query.sort,
          dir: query.dir,
        },
        ip: requestContext(c).ip,
      });
      const lines = usersCsv(deps.db, query);
      const encoder = new TextEncoder();
      // Pulled one batch at a time: the next batch is read only when the client has taken the last.
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const next = await lines.next();
            if (next.done) controller.close();
            else controller.enqueue(encoder.encode(next.value));
          } catch (error) {
            deps.logger.error({ err: error }, "user list CSV export failed");
            controller.error(error);
          }
        },
        async cancel() {
          await lines.return(undefined);
        },
      });
      return c.body(body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": contentDisposition("attachment", exportFileName()),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      });
    },
  );

  app.openapi(
    adminRoute({
      ...adminUserApi.stats,
      tags,
      summary: "User counts for the admin dashboard",
      responses: { 200: json(userStatsSchema, "Counts") },
    }),
    async (c) => c.json(await userStats(deps.db), 200),
  );

  for (const endpoint of [adminUserApi.full, adminUserApi.fullAlias]) {
    app.openapi(
      adminRoute({
        ...endpoint,
        tags,
        summary: "A user with profile, onboarding status and permissions (IBAN masked)",
        request: { params: idParams },
        responses: { 200: json(adminFullUserSchema, "The user") },
      }),
      async (c) => c.json(await loadFullUser(deps.db, userIdOf(c.req.valid("param").id)), 200),
    );
  }

  for (const endpoint of [adminUserApi.documentsAlias, adminUserApi.documents]) {
    app.openapi(
      adminRoute({
        ...endpoint,
        tags,
        summary: "A user's ID documents and contracts with 300 s signed URLs",
        request: { params: idParams },
        responses: { 200: json(adminUserDocumentsSchema, "The documents") },
      }),
      async (c) => {
        const userId = userIdOf(c.req.valid("param").id);
        // Existence first: an unknown id is a 404, not an empty list.
        await loadFullUser(deps.db, userId);
        return c.json(await listUserDocumentsForAdmin(deps, userId), 200);
      },
    );
  }

  app.openapi(
    adminRoute({
      ...adminUserApi.remove,
      tags,
      summary:
        "Delete a user: sign-in ends, personal data and ID images are erased; contract evidence and audit rows stay with an erased placeholder",
      request: { params: idParams },
      responses: { 200: json(resultSchema, "Deleted") },
    }),
    async (c) => {
      const userId = userIdOf(c.req.valid("param").id);
      await deleteUser(deps, userId, actorOf(c));
      return c.json({ success: true, message: "User deleted." }, 200);
    },
  );

  app.openapi(
    adminRoute({
      ...adminUserApi.suspend,
      tags,
      summary: "Suspend a user: no login, all sessions end, referral links inactive",
      request: { params: idParams },
      responses: {
        200: json(resultSchema.extend({ status: z.literal("suspended") }), "Suspended"),
      },
    }),
    async (c) => {
      const userId = userIdOf(c.req.valid("param").id);
      await suspendUser(deps.db, userId, actorOf(c));
      return c.json({ success: true, message: "User suspended.", status: "suspended" as const }, 200);
    },
  );

  app.openapi(
    adminRoute({
      ...adminUserApi.reactivate,
      tags,
      summary: "Lift a suspension: the user can log in again",
      request: { params: idParams },
      responses: {
        200: json(resultSchema.extend(reactivatedStatusSchema.shape), "Reactivated"),
      },
    }),
    async (c) => {
      const userId = userIdOf(c.req.valid("param").id);
      const status = await reactivateUser(deps.db, userId, actorOf(c));
      return c.json({ success: true, message: "User reactivated.", status }, 200);
    },
  );

  app.openapi(
    adminRoute({
      ...adminUserApi.setRole,
      tags,
      summary: "Change a user's role (super admins only)",
      request: { params: idParams, ...jsonBody(roleBodySchema) },
      responses: {
        200: json(resultSchema.extend({ role: roleBodySchema.shape.role }), "Role set"),
      },
    }),
    async (c) => {
      const userId = userIdOf(c.req.valid("param").id);
      const { role } = c.req.valid("json");
      const result = await changeUserRole(deps.db, userId, role, actorOf(c), deps);
      const message = result.changed ? "Role changed." : "The user already has this role.";
      return c.json({ success: true, message, role: result.role }, 200);
    },
  );

  app.openapi(
    adminRoute({
      ...adminUserApi.exportData,
      tags,
      summary: "Everything stored about a user, as a JSON download (no secrets)",
      request: { params: idParams },
      responses: {
        200: json(z.record(z.string(), z.unknown()), "user-<id>.json as an attachment"),
      },
    }),
    async (c) => {
      const userId = userIdOf(c.req.valid("param").id);
      const data = await exportUser(deps.db, userId);
      await recordAuditEvent(deps.db, {
        action: AUDIT_ACTIONS.exported,
        actorUserId: c.var.auth.user.id,
        subjectUserId: userId,
        ip: requestContext(c).ip,
      });
      c.header("Content-Disposition", `attachment; filename="user-${userId}.json"`);
      return c.json(data as Record<string, unknown>, 200);
    },
  );

  app.openapi(
    adminRoute({
      ...adminOpsApi.audit,
      tags,
      summary: "Audit log, newest first, overall or about one user, by action or email, keyset paged",
      request: { query: auditQuerySchema },
      responses: { 200: json(auditListSchema, "One page of entries") },
    }),
    async (c) => {
      const { action, email, ...rest } = c.req.valid("query");
      // An empty filter from a form is no filter.
      const query = { ...rest, action: action || undefined, email: email || undefined };
      return c.json(await listAuditEntries(deps.db, query), 200);
    },
  );

  app.openapi(
    adminRoute({
      ...adminOpsApi.auditActions,
      tags,
      summary: "The actions that occur in the audit log",
      responses: { 200: json(auditActionsSchema, "Action names, sorted") },
    }),
    async (c) => c.json({ actions: await listAuditActions(deps.db) }, 200),
  );
}
