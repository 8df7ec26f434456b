import type { ApiErrorInfo } from "@/lib/api-error";
import { errorResponseSchema } from "@/lib/schemas/common";

/** An API error with its details (lib/api-error.ts reads code and message only). */
export type ApiProblem = ApiErrorInfo & { details?: unknown };

/** Reads the one error shape from a parsed body; anything else becomes HTTP {status}. */
export function toApiProblem(status: number, body: unknown): ApiProblem {
  const parsed = errorResponseSchema.safeParse(body);
  if (parsed.success) return { status, ...parsed.data.error };
  return { status, code: `HTTP_${status}`, message: `HTTP ${status}` };
}

export async function readApiProblem(response: Response): Promise<ApiProblem> {
  return toApiProblem(response.status, await response.json().catch(() => null));
}

/** `details.retryAfterSeconds` of a 429, when the API sent one. */
export function retryAfterSeconds(problem: ApiProblem): number | null {
  const details = problem.details as { retryAfterSeconds?: unknown } | undefined;
  const seconds = details?.retryAfterSeconds;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/** `details.issues` of a 422: one { path, message-key } per problem. */
export function validationIssues(problem: ApiProblem): Array<{ path: string; message: string }> {
  const details = problem.details as { issues?: unknown } | undefined;
  if (!Array.isArray(details?.issues)) return [];
  return details.issues.filter(
    (issue): issue is { path: string; message: string } =>
      typeof issue?.path === "string" && typeof issue?.message === "string",
  );
}
