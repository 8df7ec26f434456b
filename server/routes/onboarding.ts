import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { onboardingApi } from "../../lib/api/onboarding";
import { successResponseSchema } from "../../lib/schemas/auth";
import {
  onboardingStatusResponseSchema,
  sendVerificationEmailSchema,
  sentBackResponseSchema,
  statusProgressSchema,
  verifyEmailCodeSchema,
} from "../../lib/schemas/onboarding";
import { findSentBackStep } from "../domain/onboarding/find-sent-back-step";
import { getOnboardingStatus, getStatusProgress } from "../domain/onboarding/get-onboarding-status";
import { sendVerificationEmail } from "../domain/onboarding/send-verification-email";
import { verifyEmailCode } from "../domain/onboarding/verify-email-code";
import { type AppEnv, requestContext } from "../http";
import { memberRoutes } from "./authenticate";
import { errorJson, json, jsonBody } from "./openapi";
import type { MemberRouteDeps } from "./route-deps";

/** Onboarding status and email verification. Every call is about the caller only. */
export function registerOnboardingRoutes(app: OpenAPIHono<AppEnv>, deps: MemberRouteDeps) {
  const memberRoute = memberRoutes(deps);

  app.openapi(
    memberRoute({
      ...onboardingApi.status,
      summary: "The caller's onboarding flags",
      responses: { 200: json(onboardingStatusResponseSchema, "Flags, also under status") },
    }),
    (c) => {
      const status = getOnboardingStatus(c.var.auth.user);
      return c.json({ ...status, status }, 200);
    },
  );

  app.openapi(
    memberRoute({
      ...onboardingApi.statusProgress,
      summary: "The caller's onboarding as status and progress steps",
      responses: { 200: json(statusProgressSchema, "Status and steps") },
    }),
    (c) => c.json(getStatusProgress(c.var.auth.user), 200),
  );

  app.openapi(
    memberRoute({
      ...onboardingApi.sentBack,
      summary: "The step an admin last sent the caller back to, while it is still to do again",
      responses: { 200: json(sentBackResponseSchema, "The step and when, or null") },
    }),
    async (c) => c.json({ sentBack: await findSentBackStep(deps.db, c.var.auth.user) }, 200),
  );

  app.openapi(
    memberRoute({
      ...onboardingApi.sendVerificationEmail,
      summary: "Email a verification code to the caller (one per 600 s)",
      request: jsonBody(sendVerificationEmailSchema),
      responses: {
        200: json(successResponseSchema.extend({ resendAfterSeconds: z.number() }), "Code sent"),
        409: errorJson("Email already verified"),
        429: errorJson("A code was sent less than 600 s ago"),
        503: errorJson("The mail could not be sent"),
      },
    }),
    async (c) => {
      const sent = await sendVerificationEmail(deps, c.var.auth.user, c.req.valid("json"), requestContext(c));
      return c.json({ success: true, message: "Verification code sent.", ...sent }, 200);
    },
  );

  app.openapi(
    memberRoute({
      ...onboardingApi.verifyEmailCode,
      summary: "Verify the caller's email with the mailed code",
      request: jsonBody(verifyEmailCodeSchema),
      responses: {
        200: json(successResponseSchema, "Email verified"),
        400: errorJson("Wrong or expired code"),
        409: errorJson("Email already verified"),
        429: errorJson("Too many failed attempts"),
      },
    }),
    async (c) => {
      await verifyEmailCode(deps, c.var.auth.user, c.req.valid("json"), requestContext(c));
      return c.json({ success: true, message: "Email verified." }, 200);
    },
  );
}
