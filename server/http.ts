import type { Context } from "hono";
import type { Logger } from "pino";
import type { ZodError } from "zod";
import type { ValidationIssue } from "../lib/schemas/common";
import type { UserRow } from "./db/queries/users";
import { DEVICE_TOKEN_HEADER } from "./domain/auth/device-token";
import type { StoredProfile } from "./domain/profile/load-profile";
import { AppError } from "./errors";
import { DEFAULT_TRUSTED_PROXIES, parseTrustedProxies, resolveClientIp } from "./infra/client-ip";

/** Variables every request carries (set by the app's first middleware). */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    /** The client's address (see clientIp); null when neither socket nor trusted header tells. */
    clientIp: string | null;
    /** How long a request body may stop arriving before it is answered 408 (infra/http/body-idle.ts). */
    bodyIdleMs: number;
    /** Set by `authenticate`: the caller as the database knows them now. */
    auth: AuthenticatedCaller;
  };
};

type AuthenticatedCaller = {
  user: UserRow;
  permissions: string[];
  sessionId: string;
  /** Whether this session proved a second factor (at sign-in, or by turning it on in it). */
  secondFactor: boolean;
  /** Set by `authenticateWithProfile`: the caller's stored profile row, null when there is none. */
  profile?: StoredProfile | null;
};

/** The socket's remote address of a request served by @hono/node-server, if any. */
export function peerAddress(c: Context): string | null {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? null;
}

const loopbackOnly = parseTrustedProxies(DEFAULT_TRUSTED_PROXIES);

/**
 * The caller's IP for rate limits and audit, resolved once per request by the app's first
 * middleware from the peer and the trusted web tier addresses (infra/client-ip.ts).
 */
export function clientIp(c: Context): string | null {
  const resolved = (c as Context<AppEnv>).get("clientIp");
  if (resolved !== undefined) return resolved;
  return resolveClientIp(peerAddress(c), c.req.header("x-forwarded-for"), loopbackOnly);
}

export function requestContext(c: Context) {
  return {
    ip: clientIp(c),
    userAgent: c.req.header("user-agent") ?? null,
    deviceToken: c.req.header(DEVICE_TOKEN_HEADER) ?? null,
  };
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
