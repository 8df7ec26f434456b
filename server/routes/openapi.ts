import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { H } from "hono/types";
import { z } from "zod";
import { errorResponseSchema } from "../../lib/schemas/common";
import { isUuid } from "../domain/ids";
import { AppError } from "../errors";

// Small builders for createRoute() definitions, so every route documents its answers the same way.

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A PDF answer (generated contracts and previews). */
export const pdfResponse = (description: string) => ({
  description,
  content: { "application/pdf": { schema: { type: "string" as const, format: "binary" } } },
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

/** The error shape, described for one status. */
export const errorJson = (description: string) => json(errorResponseSchema, description);

/** The error shape under the usual statuses. */
export const errorResponses = {
  401: errorJson("Not authenticated"),
  403: errorJson("Not allowed"),
  422: errorJson("Invalid input"),
  429: errorJson("Too many requests"),
};

/** A PDF render refused for now; both say when to try again (Retry-After). */
export const renderBusyResponses = {
  429: errorJson("Too many renders by this member (RATE_LIMITED, Retry-After)"),
  503: errorJson("Every render slot is busy (SERVICE_UNAVAILABLE, Retry-After)"),
};

/** A path's `{id}`: any short string, so that a malformed id is answered like an unknown one. */
export const idParams = z.object({ id: z.string().max(64) });

/**
 * A path id as the row id it names: one that is not a UUID names nothing, a 404 with `reason`
 * (what AppError takes as a reason).
 */
export function rowIdOr404(id: string, reason: NonNullable<ConstructorParameters<typeof AppError>[1]>) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", reason);
  return id.toLowerCase();
}

/**
 * createRoute for the routes of a router that all run the same middleware (authentication, a
 * role) and document the same error answers: each route gives the rest, and its own responses
 * come on top of the shared ones.
 */
export function routesWith<const M extends H[], const E extends RouteConfig["responses"]>(shared: {
  middleware: M;
  responses: E;
}) {
  return <P extends string, const R extends Omit<RouteConfig, "path" | "middleware"> & { path: P }>(
    config: R,
  ) =>
    createRoute({
      ...config,
      middleware: shared.middleware,
      responses: { ...shared.responses, ...config.responses },
    } as Omit<R, "responses"> & { path: P; middleware: M; responses: E & R["responses"] });
}
