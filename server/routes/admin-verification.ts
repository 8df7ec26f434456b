import type { OpenAPIHono } from "@hono/zod-openapi";
import { type ZodError, z } from "zod";
import { adminOpsApi, adminUserApi, adminVerificationApi, permissionApi } from "../../lib/api/admin";
import {
  changeReviewListSchema,
  createPermissionSchema,
  permissionNamesSchema,
  rejectUserSchema,
  serverStatusSchema,
} from "../../lib/schemas/admin";
import {
  pendingUsersQuerySchema,
  pendingUsersResponseSchema,
  permissionCreatedResponseSchema,
  permissionListResponseSchema,
  permissionsSavedResponseSchema,
  userPermissionsResponseSchema,
} from "../../lib/schemas/admin-user";
import { errorResponseSchema } from "../../lib/schemas/common";
import { decideChangeReview, listChangeReviews } from "../domain/admin/change-reviews";
import { retryFailedMail } from "../domain/admin/mail-queue";
import {
  createPermission,
  getUserPermissionNames,
  listPermissions,
  setUserPermissions,
} from "../domain/admin/permissions";
import { readServerStatus } from "../domain/admin/server-status";
import { listPendingUsers, rejectUser, verifyUser } from "../domain/admin/verification";
import { type ErrorReason, errorBody } from "../errors";
import { type AppEnv, requestContext, validationError } from "../http";
import type { LogRingBuffer } from "../infra/logging/logger";
import { ADMIN_ROLES, authenticate, requireRole } from "./authenticate";
import { errorResponses, json, jsonBody, routesWith } from "./openapi";
import type { MemberRouteDeps } from "./route-deps";

const errors = errorResponses;
const notFound = { 404: json(errorResponseSchema, "Unknown user") };
const conflict = (description: string) => ({ 409: json(errorResponseSchema, description) });

/** The reasons of the schemas' own messages that the spec has the 422 answer say. */
const issueReasons: Record<string, ErrorReason> = {
  "Permission name is required": "permissionNameRequired",
  "Use lowercase letters, digits and underscores only, no spaces.": "permissionNameFormat",
  "A reason is required.": "rejectReasonRequired",
};

/**
 * The 422 body naming the first problem's reason ('Permission name is required') where the
 * schema words it; any other problem gets the code's own sentence.
 */
function firstIssueBody(zodError: ZodError) {
  const { details } = validationError(zodError);
  return errorBody("VALIDATION_FAILED", issueReasons[zodError.issues[0]?.message ?? ""], details);
}

const userIdParam = z.object({ id: z.string().max(100) });
const verifyUserParam = z.object({ userId: z.string().max(100) });

const reviewResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  emailSent: z.boolean(),
});

/**
 * Admin calls: permissions, the verify-users queue, verify and reject, server status.
 * Every call: a valid session and the admin or super_admin role as the database has it now (a
 * demoted admin loses access at once, whatever the token says); visitors 401, members 403.
 * Every change is audited.
 */
export function registerAdminVerificationRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: MemberRouteDeps & { startedAt: number; logs: LogRingBuffer },
) {
  const auth = authenticate(deps);
  const adminOnly = requireRole(...ADMIN_ROLES);
  const adminRoute = routesWith({ middleware: [auth, adminOnly], responses: errors });
  const reviewDeps = { db: deps.db, mail: deps.mail, logger: deps.logger, publicUrl: deps.publicUrl };

  app.openapi(
    adminRoute({
      ...permissionApi.list,
      summary: "All permissions, by name",
      responses: {
        200: json(permissionListResponseSchema, "Permissions"),
      },
    }),
    async (c) => c.json({ permissions: await listPermissions(deps.db) }, 200),
  );

  app.openapi(
    adminRoute({
      ...permissionApi.create,
      summary: "Create a permission (created_by is the caller)",
      request: jsonBody(createPermissionSchema),
      responses: {
        201: json(permissionCreatedResponseSchema, "The new permission"),
        ...conflict("A permission with this name already exists."),
      },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const permission = await createPermission(deps.db, c.var.auth.user, input, requestContext(c));
      return c.json({ permission }, 201);
    },
    (result, c) => (result.success ? undefined : c.json(firstIssueBody(result.error), 422)),
  );

  app.openapi(
    adminRoute({
      ...adminUserApi.permissions,
      summary: "A user's active permission names",
      request: { params: userIdParam },
      responses: {
        200: json(userPermissionsResponseSchema, "Active permission names"),
        ...notFound,
      },
    }),
    async (c) => c.json({ permissions: await getUserPermissionNames(deps.db, c.req.valid("param").id) }, 200),
  );

  app.openapi(
    adminRoute({
      ...adminUserApi.setPermissions,
      summary: "Replace a user's permission set (an admin's only by a super admin)",
      request: { params: userIdParam, ...jsonBody(permissionNamesSchema) },
      responses: {
        200: json(permissionsSavedResponseSchema, "The assigned names (inactive ones included)"),
        ...notFound,
      },
    }),
    async (c) => {
      const assigned = await setUserPermissions(
        deps.db,
        c.var.auth.user,
        c.req.valid("param").id,
        c.req.valid("json").permissions,
        requestContext(c),
      );
      return c.json({ success: true as const, permissions: assigned }, 200);
    },
  );

  app.openapi(
    adminRoute({
      ...adminVerificationApi.pending,
      summary:
        "Members awaiting admin approval (all four onboarding steps done), oldest first; onboarding=all adds those still onboarding",
      request: { query: pendingUsersQuerySchema },
      responses: {
        200: json(pendingUsersResponseSchema, "A page"),
      },
    }),
    async (c) => c.json(await listPendingUsers(deps.db, c.req.valid("query")), 200),
  );

  app.openapi(
    adminRoute({
      ...adminVerificationApi.verify,
      summary: "Activate a member and assign permissions in one step",
      request: { params: verifyUserParam, ...jsonBody(permissionNamesSchema) },
      responses: {
        200: json(reviewResultSchema.extend({ permissions: z.array(z.string()) }), "Verified"),
        ...notFound,
        ...conflict(
          "Already verified, not a member account, suspended, or onboarding not finished (ONBOARDING_INCOMPLETE, details.missing names the steps)",
        ),
      },
    }),
    async (c) => {
      const result = await verifyUser(
        reviewDeps,
        c.var.auth.user,
        c.req.valid("param").userId,
        c.req.valid("json").permissions,
        requestContext(c),
      );
      return c.json({ success: true as const, message: "User verified.", ...result }, 200);
    },
  );

  app.openapi(
    adminRoute({
      ...adminVerificationApi.reject,
      summary: "Send a member back one onboarding step, with a reason",
      request: { params: verifyUserParam, ...jsonBody(rejectUserSchema) },
      responses: {
        200: json(reviewResultSchema, "The step is open again and the reason was mailed"),
        ...notFound,
        ...conflict("Already verified, not a member account, or suspended"),
      },
    }),
    async (c) => {
      const result = await rejectUser(
        reviewDeps,
        c.var.auth.user,
        c.req.valid("param").userId,
        c.req.valid("json"),
        requestContext(c),
      );
      return c.json(
        { success: true as const, message: "The user was asked to redo the step.", ...result },
        200,
      );
    },
    (result, c) => (result.success ? undefined : c.json(firstIssueBody(result.error), 422)),
  );

  app.openapi(
    adminRoute({
      ...adminVerificationApi.changeReviews,
      summary: "Changes approved members made to their ID documents or bank details, old and new",
      responses: { 200: json(changeReviewListSchema, "Pending change reviews, oldest first") },
    }),
    async (c) => c.json({ reviews: await listChangeReviews({ db: deps.db, storage: deps.storage }) }, 200),
  );

  for (const [endpoint, decision] of [
    [adminVerificationApi.acceptChange, "accepted"],
    [adminVerificationApi.rejectChange, "rejected"],
  ] as const) {
    app.openapi(
      adminRoute({
        ...endpoint,
        summary:
          decision === "accepted"
            ? "Accept a member's change"
            : "Reject a member's change (the approved ID documents or bank details come back)",
        request: { params: userIdParam },
        responses: {
          200: json(z.object({ success: z.literal(true), status: z.literal(decision) }), "Reviewed"),
          404: json(errorResponseSchema, "Unknown change review"),
          ...conflict("Already reviewed"),
        },
      }),
      async (c) => {
        await decideChangeReview(
          deps.db,
          c.var.auth.user,
          c.req.valid("param").id,
          decision,
          requestContext(c),
        );
        return c.json({ success: true as const, status: decision }, 200);
      },
    );
  }

  app.openapi(
    adminRoute({
      ...adminOpsApi.serverStatus,
      summary: "This instance's status, uptime, CPU, memory, main metrics and recent logs",
      responses: { 200: json(serverStatusSchema, "Status") },
    }),
    async (c) =>
      c.json(
        await readServerStatus({
          db: deps.db,
          startedAt: deps.startedAt,
          logs: deps.logs,
          metrics: deps.metrics,
        }),
        200,
      ),
  );

  app.openapi(
    adminRoute({
      ...adminOpsApi.retryMail,
      summary: "Send a mail that failed every attempt once more (audited)",
      request: { params: userIdParam },
      responses: {
        200: json(z.object({ success: z.literal(true), recipient: z.string() }), "Queued again"),
        404: json(errorResponseSchema, "No failed mail with this id."),
      },
    }),
    async (c) => {
      const { recipient } = await retryFailedMail(
        { db: deps.db, mail: deps.mail },
        c.var.auth.user,
        c.req.valid("param").id,
        requestContext(c),
      );
      return c.json({ success: true as const, recipient }, 200);
    },
  );
}
