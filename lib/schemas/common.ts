import { z } from "zod";

/** The one JSON error shape of the API (and the BFF's own errors). */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** The refusal's text key in messages/*.json; `message` is its English text. */
    reason: z.string().optional(),
    details: z.unknown().optional(),
  }),
});

/** Field details of a 422: one entry per problem, `path` joined with dots. */
const validationIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const healthResponseSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["ok", "unavailable"]),
  uptimeSeconds: z.number(),
});

/** GET /api/health/live: the process answers (no dependency is asked). */
export const livenessResponseSchema = z.object({ status: z.literal("ok"), uptimeSeconds: z.number() });

const readinessCheckSchema = z.enum(["ok", "unavailable", "pending"]);

/** GET /api/health/ready: whether this instance should get traffic, and what is missing. */
export const readinessResponseSchema = z.object({
  status: z.enum(["ready", "not_ready"]),
  checks: z.object({
    database: readinessCheckSchema,
    migrations: readinessCheckSchema,
    storage: readinessCheckSchema,
  }),
});

/**
 * GET /api/health/ready after SIGTERM: the instance still serves, but asks for no new traffic
 * until its shutdown delay ends and it stops accepting connections.
 */
export const stoppingResponseSchema = z.object({ status: z.literal("stopping") });
