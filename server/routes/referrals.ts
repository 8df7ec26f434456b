import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { type ZodType, z } from "zod";
import { REGISTER_PREFIX, referralApi } from "../../lib/api/referrals";
import { REFERRAL_PERMISSION } from "../../lib/constants";
import {
  createReferralSchema,
  deactivateReferralSchema,
  referralInfoSchema,
  referralLinkSchema,
  referralListSchema,
  referralStatsResponseSchema,
} from "../../lib/schemas/referrals";
import {
  companyRegistrationSchema,
  personalRegistrationSchema,
  registrationResponseSchema,
} from "../../lib/schemas/registration";
import type { Database } from "../db";
import type { MailOutbox } from "../domain/mail/outbox";
import {
  createReferralLink,
  deactivateReferralLink,
  listReferralLinks,
  referralInfo,
  referralStats,
} from "../domain/referrals/referral-links";
import {
  type RegistrationDeps,
  registerCompany,
  registerPersonal,
} from "../domain/registration/register-member";
import { AppError } from "../errors";
import { type AppEnv, requestContext } from "../http";
import type { TokenService } from "../infra/tokens";
import { authenticate } from "./authenticate";
import { jsonBodyLimit } from "./json-body-limit";
import { errorJson, errorResponses, json, jsonBody, routesWith } from "./openapi";

const errors = errorResponses;

const REGISTERED = "Registration successful. You can now log in.";

/** The answers of both referral registrations (personal and company). */
const registrationResponses = {
  201: json(registrationResponseSchema, "Registered; the account awaits onboarding"),
  404: errorJson("Unknown link"),
  409: errorJson("Email address is already in use (only through a live link)."),
  410: errorJson("The link cannot take registrations now, whatever the email"),
  422: errorJson("The first problem, in the order the rules are listed"),
  429: errorJson("Too many refused registrations from this address (Retry-After)"),
};

/** Admins, super admins, and users with can_create_referrals manage referral links. */
const requireReferralAccess: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { user, permissions } = c.var.auth;
  const allowed =
    user.role === "admin" || user.role === "super_admin" || permissions.includes(REFERRAL_PERMISSION);
  if (!allowed) throw new AppError("FORBIDDEN", "referralActionDenied");
  await next();
};

export function registerReferralRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: {
    db: Database;
    tokens: TokenService;
    /** A registration mails the link's owner (domain/referrals/notify-referrer.ts). */
    mail: MailOutbox;
    publicUrl: string;
    /** Keys the daily visitor hashes of the funnel (domain/referrals/visits.ts). */
    visitorSecret: string;
  },
) {
  const auth = authenticate(deps);
  const referrerRoute = routesWith({ middleware: [auth, requireReferralAccess], responses: errors });
  const referralDeps = { db: deps.db, publicUrl: deps.publicUrl };
  app.use(`${REGISTER_PREFIX}*`, jsonBodyLimit(32 * 1024));

  app.openapi(
    referrerRoute({
      ...referralApi.create,
      summary: "Create a referral link",
      request: jsonBody(createReferralSchema),
      responses: { 201: json(referralLinkSchema, "The new link") },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const link = await createReferralLink(referralDeps, c.var.auth.user, {
        expiresInDays: input.expiresInDays,
        maxUses: input.maxUses,
        label: input.label,
      });
      return c.json(link, 201);
    },
  );

  app.openapi(
    referrerRoute({
      ...referralApi.list,
      summary: "The caller's referral links (field tokens)",
      responses: { 200: json(referralListSchema, "Links, newest first") },
    }),
    async (c) => c.json({ tokens: await listReferralLinks(referralDeps, c.var.auth.user) }, 200),
  );

  app.openapi(
    referrerRoute({
      ...referralApi.deactivate,
      summary: "Deactivate a link (owner or admin)",
      request: jsonBody(deactivateReferralSchema),
      responses: {
        200: json(z.object({ success: z.literal(true), message: z.string() }), "Deactivated"),
        404: errorJson("No such link of yours"),
      },
    }),
    async (c) => {
      await deactivateReferralLink(referralDeps, c.var.auth.user, c.req.valid("json").tokenId);
      return c.json({ success: true as const, message: "Referral link deactivated." }, 200);
    },
  );

  app.openapi(
    referrerRoute({
      ...referralApi.stats,
      summary: "Statistics of the caller's links, with the funnel over all of them",
      responses: { 200: json(referralStatsResponseSchema, "Stats") },
    }),
    async (c) =>
      c.json({ success: true as const, stats: await referralStats(referralDeps, c.var.auth.user) }, 200),
  );

  app.openapi(
    createRoute({
      ...referralApi.info,
      summary: "Who invites with this link (public); counts the visitor once a day for the funnel",
      request: { params: z.object({ token: z.string().min(1).max(200) }) },
      responses: {
        200: json(referralInfoSchema, "A usable link"),
        404: errorJson("Unknown link"),
        410: errorJson("Expired, used up, deactivated, or its owner is inactive"),
      },
    }),
    async (c) => {
      const visit = { secret: deps.visitorSecret, ...requestContext(c) };
      return c.json(await referralInfo(referralDeps, c.req.valid("param").token, visit), 200);
    },
  );

  /** Registering through a referral link; each account type has its own call. */
  const registerThroughLink = <Input>(
    type: "personal" | "company",
    schema: ZodType<Input>,
    register: (deps: RegistrationDeps, input: Input, facts: { ip: string | null }) => Promise<string>,
  ) =>
    app.openapi(
      createRoute({
        ...referralApi.register[type],
        summary: `Register a ${type} account through a referral link`,
        request: jsonBody(schema),
        responses: registrationResponses,
      }),
      async (c) => {
        await register(deps, c.req.valid("json"), requestContext(c));
        return c.json({ success: true as const, message: REGISTERED }, 201);
      },
    );
  registerThroughLink("personal", personalRegistrationSchema, registerPersonal);
  registerThroughLink("company", companyRegistrationSchema, registerCompany);
}
