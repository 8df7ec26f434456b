import type { Context } from "hono";
import type { Logger } from "pino";
import type { ZodError } from "zod";
import type { ValidationIssue } from "../lib/schemas/common";
import type { UserRow } from "./db/queries/users";
import { AppError } from "./errors";

/** Variables every request carries (set by the app's first middleware). */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    /** Set by `authenticate`: the caller as the database knows them now. */
    auth: AuthenticatedCaller;
  };
};

export type AuthenticatedCaller = {
  user: UserRow;
  permissions: string[];
  sessionId: string;
};

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The caller's IP for rate limits and audit. The API listens on a private address behind the
 * BFF, so X-Forwarded-For is believed only when the peer is on this machine; the web server
 * sets that header from its own socket (scripts/web-server.mjs).
 */
export function clientIp(c: Context): string | null {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const peer = incoming?.socket?.remoteAddress ?? null;
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded && (peer === null || LOOPBACK.test(peer))) return forwarded.slice(0, 64);
  return peer;
}

export function requestContext(c: Context) {
  return { ip: clientIp(c), userAgent: c.req.header("user-agent") ?? null };
}

export function validationError(error: ZodError): AppError {
  const issues: ValidationIssue[] = error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
  return new AppError("VALIDATION_FAILED", undefined, { issues });
}

/** Hook for @hono/zod-openapi routes: every validation failure becomes the 422 error shape. */
export function validationHook(
  result: { success: true } | { success: false; error: ZodError },
  c: Context<AppEnv>,
): Response | undefined {
  if (result.success) return undefined;
  const error = validationError(result.error);
  return c.json(error.toBody(), error.status);
}
