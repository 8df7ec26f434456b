import { errorResponseSchema } from "./schemas/common";

export type ApiErrorInfo = { status: number; code: string; message: string };

/** A load's answer: the parsed body, or why it failed (plain data, so a server page can pass it on). */
export type ApiLoad<T> = { ok: true; data: T } | { ok: false; error: ApiErrorInfo };

/** Reads the one error shape from a failed response; anything else becomes HTTP {status}. */
export async function readApiError(response: Response): Promise<ApiErrorInfo> {
  const body = await response.json().catch(() => null);
  const parsed = errorResponseSchema.safeParse(body);
  if (parsed.success) return { status: response.status, ...parsed.data.error };
  return { status: response.status, code: `HTTP_${response.status}`, message: `HTTP ${response.status}` };
}
