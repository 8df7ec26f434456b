import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { partnerApi } from "../../lib/api/partner";
import {
  commissionPlanResultSchema,
  commissionPlanSchema,
  earningsQuerySchema,
  earningsSchema,
  payoutPreparedSchema,
  payoutRunDetailSchema,
  payoutRunListSchema,
  shopKeyCreatedSchema,
  shopKeyInputSchema,
  shopKeyListSchema,
  shopOrderInputSchema,
  shopOrderResultSchema,
} from "../../lib/schemas/partner";
import { readCommissionPlan, setCommissionPlan } from "../domain/partner/commission-plan";
import { readEarnings } from "../domain/partner/earnings";
import { reportOrder } from "../domain/partner/orders";
import {
  cancelPayoutRun,
  executePayoutRun,
  listPayoutRuns,
  type PayoutConfig,
  preparePayoutRun,
  readPayoutFile,
  readPayoutRun,
} from "../domain/partner/payouts";
import { authenticateShopKey, createShopKey, listShopKeys, revokeShopKey } from "../domain/partner/shop-keys";
import { AppError } from "../errors";
import type { AppEnv } from "../http";
import { actorOf, authenticate, memberRoutes } from "./authenticate";
import { errorJson, errorResponses, idParams, json, jsonBody, routesWith, rowIdOr404 } from "./openapi";
import type { MemberRouteDeps } from "./route-deps";

/** Money settings and shop keys: super admins only, whatever permissions an admin holds. */
const superAdminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.var.auth.user.role !== "super_admin") {
    throw new AppError("FORBIDDEN", "partnerSuperAdminOnly");
  }
  await next();
};

/** A shop call: `Authorization: Bearer <shop key>`, a live key of POST /api/admin/shop-keys. */
function shopKeyGate(deps: MemberRouteDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization");
    await authenticateShopKey(deps.db, header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined);
    await next();
  };
}

/**
 * The partner programme: the shop reports orders, super admins set the plan and the shop's keys,
 * members read what they earned.
 */
export function registerPartnerRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: MemberRouteDeps,
  payoutConfig: PayoutConfig,
) {
  const superAdminRoute = routesWith({
    middleware: [authenticate(deps), superAdminOnly],
    responses: {
      ...errorResponses,
      404: errorJson("No such shop key or payout run"),
      409: errorJson("Payouts off, nothing to pay, or the run is no longer open"),
    },
  });
  const payoutIdOf = (id: string) => rowIdOr404(id, "payoutRunNotFound");
  const shopRoute = routesWith({
    middleware: [shopKeyGate(deps)],
    responses: {
      401: errorJson("No live shop key"),
      409: errorJson("The order id was reported with other details (ORDER_CONFLICT)"),
      422: errorJson("Invalid order, or a buyerSub that names no member (BUYER_UNKNOWN)"),
    },
  });
  const tags = ["partner"];

  app.openapi(
    shopRoute({
      ...partnerApi.reportOrder,
      tags,
      summary: "The shop reports an order, paid or refunded; a repeat of a report changes nothing",
      request: jsonBody(shopOrderInputSchema),
      responses: { 200: json(shopOrderResultSchema, "Recorded, now or before") },
    }),
    async (c) => c.json(await reportOrder(deps.db, c.req.valid("json")), 200),
  );

  app.openapi(
    memberRoutes(deps)({
      ...partnerApi.earnings,
      tags,
      summary: "The caller's commissions: totals by state and one page of entries, newest first",
      request: { query: earningsQuerySchema },
      responses: { 200: json(earningsSchema, "Totals and entries") },
    }),
    async (c) => c.json(await readEarnings(deps.db, c.var.auth.user.id, c.req.valid("query").page), 200),
  );

  app.openapi(
    superAdminRoute({
      ...partnerApi.shopKeys,
      tags,
      summary: "The shop's keys, live ones first (never the keys themselves)",
      responses: { 200: json(shopKeyListSchema, "Keys") },
    }),
    async (c) => c.json({ keys: await listShopKeys(deps.db) }, 200),
  );

  app.openapi(
    superAdminRoute({
      ...partnerApi.createShopKey,
      tags,
      summary: "A new shop key, shown in this answer only",
      request: jsonBody(shopKeyInputSchema),
      responses: { 201: json(shopKeyCreatedSchema, "The key; only its hash is kept") },
    }),
    async (c) => c.json(await createShopKey(deps.db, c.req.valid("json").name, actorOf(c)), 201),
  );

  app.openapi(
    superAdminRoute({
      ...partnerApi.revokeShopKey,
      tags,
      summary: "Revoke a shop key for good",
      request: { params: idParams },
      responses: { 200: json(z.object({ success: z.boolean() }), "Revoked") },
    }),
    async (c) => {
      await revokeShopKey(deps.db, rowIdOr404(c.req.valid("param").id, "shopKeyNotFound"), actorOf(c));
      return c.json({ success: true }, 200);
    },
  );

  app.openapi(
    superAdminRoute({
      ...partnerApi.commissionPlan,
      tags,
      summary: "The commission plan in force (0 % until one is set)",
      responses: { 200: json(commissionPlanResultSchema, "The plan") },
    }),
    async (c) => c.json(await readCommissionPlan(deps.db), 200),
  );

  app.openapi(
    superAdminRoute({
      ...partnerApi.saveCommissionPlan,
      tags,
      summary: "Set the plan for orders reported from now on",
      request: jsonBody(commissionPlanSchema),
      responses: { 200: json(commissionPlanResultSchema, "The plan now in force") },
    }),
    async (c) => c.json(await setCommissionPlan(deps.db, c.req.valid("json"), actorOf(c)), 200),
  );

  app.openapi(
    superAdminRoute({
      ...partnerApi.payouts,
      tags,
      summary: "Payout runs, newest first",
      responses: { 200: json(payoutRunListSchema, "Runs") },
    }),
    async (c) => c.json({ payouts: await listPayoutRuns(deps.db) }, 200),
  );

  app.openapi(
    superAdminRoute({
      ...partnerApi.createPayout,
      tags,
      summary: "Prepare a payout run: a checked SEPA file paying every member owed the minimum",
      responses: { 201: json(payoutPreparedSchema, "Prepared; nothing is paid until it is executed") },
    }),
    async (c) => c.json(await preparePayoutRun(deps.db, payoutConfig, actorOf(c)), 201),
  );

  app.openapi(
    superAdminRoute({
      ...partnerApi.payout,
      tags,
      summary: "A payout run with its transfers",
      request: { params: idParams },
      responses: { 200: json(payoutRunDetailSchema, "The run") },
    }),
    async (c) => c.json(await readPayoutRun(deps.db, payoutIdOf(c.req.valid("param").id)), 200),
  );

  app.openapi(
    superAdminRoute({
      ...partnerApi.payoutSepa,
      tags,
      summary: "The run's SEPA credit transfer file (pain.001.001.09), as checked when it was prepared",
      request: { params: idParams },
      responses: {
        200: { description: "The file", content: { "application/xml": { schema: { type: "string" } } } },
        410: errorJson("The run was cancelled"),
      },
    }),
    async (c) => {
      const file = await readPayoutFile(deps.db, payoutIdOf(c.req.valid("param").id));
      return c.body(file.xml, 200, {
        "content-type": "application/xml; charset=utf-8",
        "content-disposition": `attachment; filename="${file.fileName}"`,
        "cache-control": "no-store",
      });
    },
  );

  app.openapi(
    superAdminRoute({
      ...partnerApi.executePayout,
      tags,
      summary:
        "The bank executed the file: its commissions become paid and each member is mailed their statement (PDF)",
      request: { params: idParams },
      responses: {
        200: json(z.object({ success: z.boolean() }), "Executed"),
        503: errorJson(
          "The render slots stayed busy, so the statements were not rendered and nothing was executed (SERVICE_UNAVAILABLE, Retry-After)",
        ),
      },
    }),
    async (c) => {
      await executePayoutRun(
        {
          db: deps.db,
          mail: deps.mail,
          storage: deps.storage,
          logger: c.var.log,
          renders: deps.metrics.pdfRenders,
        },
        deps.publicUrl,
        payoutIdOf(c.req.valid("param").id),
        actorOf(c),
      );
      return c.json({ success: true }, 200);
    },
  );

  app.openapi(
    superAdminRoute({
      ...partnerApi.cancelPayout,
      tags,
      summary: "Cancel a run before it is executed; nothing is paid",
      request: { params: idParams },
      responses: { 200: json(z.object({ success: z.boolean() }), "Cancelled") },
    }),
    async (c) => {
      await cancelPayoutRun(deps.db, payoutIdOf(c.req.valid("param").id), actorOf(c));
      return c.json({ success: true }, 200);
    },
  );
}
