import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http";
import type { MemberRouteDeps } from "./route-deps";

/** Issue 7, admin: contract templates with versions (spec §7 document-templates calls). */
export function registerContractTemplateRoutes(_app: OpenAPIHono<AppEnv>, _deps: MemberRouteDeps): void {}
