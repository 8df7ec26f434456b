import type { z } from "zod";
import { errorResponseSchema } from "../../lib/schemas/common";

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

/** The error shape under the usual statuses. */
export const errorResponses = {
  401: json(errorResponseSchema, "Not authenticated"),
  403: json(errorResponseSchema, "Not allowed"),
  422: json(errorResponseSchema, "Invalid input"),
  429: json(errorResponseSchema, "Too many requests"),
};
