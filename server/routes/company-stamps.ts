import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http";
import type { MemberRouteDeps } from "./route-deps";

/** Issue 7, admin: the company stamp (spec §7 company-stamps calls). */
export function registerCompanyStampRoutes(_app: OpenAPIHono<AppEnv>, _deps: MemberRouteDeps): void {}
