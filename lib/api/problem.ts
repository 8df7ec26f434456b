import type { ValidationIssue } from "@/lib/schemas/common";

// The error shape is checked by hand, not with the shared zod schemas: this module is on every
// page (the API client and the session use it), and a schema brings zod's whole runtime (about
// 33 KiB of compressed script) to pages that have no form.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/**
 * `{ error: { code, message, reason?, details? } }` with string code and message, as the API
 * sends it.
 */
function errorOf(body: unknown): (Omit<ApiErrorInfo, "status"> & { details?: unknown }) | null {
  const error = isRecord(body) ? body.error : null;
  if (!isRecord(error) || typeof error.code !== "string" || typeof error.message !== "string") return null;
  const reason = typeof error.reason === "string" ? error.reason : undefined;
  return {
    code: error.code,
    message: error.message,
    details: error.details,
    ...(reason ? { reason, values: reasonValues(error.details) } : {}),
  };
}

/** A value a refusal's text can show. */
export type ReasonValues = Record<string, string | number>;

/**
 * The values for a refusal text's placeholders: the details' plain fields, lists joined with
 * commas. The API fills its English text from the same values that the web tier hands to the
 * translated one.
 */
export function reasonValues(details: unknown): ReasonValues {
  if (!isRecord(details)) return {};
  const values: ReasonValues = {};
  for (const [name, value] of Object.entries(details)) {
    if (typeof value === "string" || typeof value === "number") values[name] = value;
    else if (
      Array.isArray(value) &&
      value.every((item) => typeof item === "string" || typeof item === "number")
    )
      values[name] = value.join(", ");
  }
  return values;
}

const isIssue = (value: unknown): value is ValidationIssue =>
  isRecord(value) && typeof value.path === "string" && typeof value.message === "string";

/**
 * What a failed API call says, as plain data (a server page can hand it to a client component).
 * `reason` names the refusal's text in messages/*.json (ApiErrors, AdminApiErrors), with the
 * values of its placeholders; `message` is the API's English text of it.
 */
export type ApiErrorInfo = {
  status: number;
  code: string;
  message: string;
  reason?: string;
  values?: ReasonValues;
};

/** The catalogue key of a failure's text: its reason where the API gave one, else its code. */
export const errorTextKey = (error: Pick<ApiErrorInfo, "code" | "reason">) => error.reason ?? error.code;

/**
 * Every failed API call in the browser throws this: the API's one error shape
 * (`{ error: { code, message, details } }`) with the HTTP status. Two codes are the client's
 * own: NETWORK (no answer at all, status 0) and INVALID_RESPONSE (an answer that does not match
 * the shared schema). Anything else that is not the error shape becomes HTTP_{status}.
 */
export class ApiProblem extends Error implements ApiErrorInfo {
  readonly status: number;
  readonly code: string;
  readonly reason?: string;
  readonly values?: ReasonValues;
  readonly details?: unknown;

  constructor({ status, code, message = "", reason, values, details }: ApiErrorInfo & { details?: unknown }) {
    super(message);
    this.name = "ApiProblem";
    this.status = status;
    this.code = code;
    this.reason = reason;
    this.values = values;
    this.details = details;
  }

  static fromBody(status: number, body: unknown): ApiProblem {
    const error = errorOf(body);
    if (error) return new ApiProblem({ ...error, status });
    return new ApiProblem({ status, code: `HTTP_${status}`, message: `HTTP ${status}` });
  }

  static async fromResponse(response: Response): Promise<ApiProblem> {
    return ApiProblem.fromBody(response.status, await response.json().catch(() => null));
  }

  static network(): ApiProblem {
    return new ApiProblem({ status: 0, code: "NETWORK", message: "" });
  }

  static invalidResponse(status: number): ApiProblem {
    return new ApiProblem({ status, code: "INVALID_RESPONSE", message: "" });
  }

  /** `details.issues` of a 422: one { path, message } per problem, path joined with dots. */
  get issues(): ValidationIssue[] {
    const issues = (this.details as { issues?: unknown } | undefined)?.issues;
    if (!Array.isArray(issues)) return [];
    return issues.filter(isIssue).map(({ path, message }) => ({ path, message }));
  }

  /** `details.retryAfterSeconds` of a 429, rounded up, when the API sent one. */
  get retryAfterSeconds(): number | null {
    const seconds = (this.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
  }

  /** The API's own sentence, when it sent one (not a status the client made up). */
  get serverMessage(): string | undefined {
    return this.status > 0 && !this.code.startsWith("HTTP_") && this.message ? this.message : undefined;
  }
}

export function isApiProblem(error: unknown): error is ApiProblem {
  return error instanceof ApiProblem;
}

/**
 * Puts a 422's field issues onto a react-hook-form form: each issue whose path is one of the
 * form's fields becomes that field's error (its message is the API's message key, for the form
 * to translate). Returns whether any issue landed, so the caller can fall back to a form-level
 * message otherwise.
 */
export function applyFieldIssues<Name extends string>(
  problem: ApiProblem,
  fields: readonly Name[],
  setError: (
    name: Name,
    error: { type: string; message: string },
    options?: { shouldFocus: boolean },
  ) => void,
): boolean {
  let first = true;
  for (const issue of problem.issues) {
    if (!fields.includes(issue.path as Name)) continue;
    setError(issue.path as Name, { type: "server", message: issue.message }, { shouldFocus: first });
    first = false;
  }
  return !first;
}

/** A load's answer: the parsed body, or why it failed (plain data, so a server page can pass it on). */
export type ApiLoad<T> = { ok: true; data: T } | { ok: false; error: ApiErrorInfo };

/** Reads the one error shape from a failed response as plain data; anything else becomes HTTP {status}. */
export async function readApiError(response: Response): Promise<ApiErrorInfo> {
  const { status, code, message, reason, values } = await ApiProblem.fromResponse(response);
  return { status, code, message, ...(reason ? { reason, values } : {}) };
}
