import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http";
import type { MemberRouteDeps } from "./route-deps";

/** Issue 7, members: the templates to sign, signing, signed-PDF uploads, own contracts. */
export function registerContractRoutes(_app: OpenAPIHono<AppEnv>, _deps: MemberRouteDeps): void {}
