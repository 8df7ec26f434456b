import type { Context } from "hono";
import type { Logger } from "pino";
import type { ZodError } from "zod";
import type { ValidationIssue } from "../lib/schemas/common";
import { AppError } from "./errors";

/** Variables every request carries (set by the app's first middleware). */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
  };
};

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
