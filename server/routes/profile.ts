import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { ZodError, ZodType } from "zod";
import { onboardingApi, PROFILE_PREFIX } from "../../lib/api/onboarding";
import { companyProfileSchema, personalProfileSchema } from "../../lib/schemas/profile";
import {
  completeCompanyProfile,
  completePersonalProfile,
  type ProfileDeps,
} from "../domain/profile/complete-profile";
import { profileView } from "../domain/profile/load-profile";
import { issuesOf, profileValidationError } from "../domain/profile/profile-messages";
import {
  type ProfileView,
  profileResponseSchema,
  profileSavedResponseSchema,
} from "../domain/profile/profile-view";
import { type AppEnv, requestContext } from "../http";
import { authenticate, memberRoutesWithProfile, requireUserType } from "./authenticate";
import { jsonBodyLimit } from "./json-body-limit";
import { errorJson, errorResponses, json, jsonBody } from "./openapi";
import type { MemberRouteDeps } from "./route-deps";

const SAVED = "Profile saved.";

/** A refused profile: the spec's sentence in `message`, the field keys in `details.issues`. */
function profileValidationHook(result: { success: true } | { success: false; error: ZodError }): undefined {
  if (!result.success) throw profileValidationError(issuesOf(result.error));
}

/** Profile completion. */
export function registerProfileRoutes(app: OpenAPIHono<AppEnv>, deps: MemberRouteDeps) {
  const auth = authenticate(deps);
  const profileDeps = { db: deps.db, mail: deps.mail, logger: deps.logger, publicUrl: deps.publicUrl };
  app.use(`${PROFILE_PREFIX}*`, jsonBodyLimit(32 * 1024));

  app.openapi(
    memberRoutesWithProfile(deps)({
      ...onboardingApi.profile,
      summary: "The caller's own profile (IBAN masked)",
      responses: { 200: json(profileResponseSchema, "The profile; unfilled fields are null") },
    }),
    (c) => c.json({ profile: profileView(c.var.auth.user, c.var.auth.profile) }, 200),
  );

  /** Saving a profile completes its onboarding step; each account type has its own call. */
  const registerComplete = <Input>(
    type: "personal" | "company",
    schema: ZodType<Input>,
    complete: (
      deps: ProfileDeps,
      userId: string,
      input: Input,
      facts: { ip: string | null },
    ) => Promise<ProfileView>,
  ) =>
    app.openapi(
      createRoute({
        ...onboardingApi.completeProfile[type],
        summary: `Save the ${type} profile and complete this onboarding step`,
        middleware: [auth, requireUserType(type)] as const,
        request: jsonBody(schema),
        responses: {
          ...errorResponses,
          200: json(profileSavedResponseSchema, SAVED),
          403: errorJson(`Not a ${type} account`),
        },
      }),
      async (c) => {
        const profile = await complete(
          profileDeps,
          c.var.auth.user.id,
          c.req.valid("json"),
          requestContext(c),
        );
        return c.json({ success: true as const, message: SAVED, profile }, 200);
      },
      profileValidationHook,
    );
  registerComplete("personal", personalProfileSchema, completePersonalProfile);
  registerComplete("company", companyProfileSchema, completeCompanyProfile);
}
