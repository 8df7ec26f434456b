import type { z } from "zod";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { ApiProblem } from "@/lib/api/problem";
import type { BrowserSession } from "@/lib/schemas/auth";

/**
 * The BFF's refresh answer, checked by its shape. Not with the shared zod schema: this module is
 * on every page, and a schema brings zod's whole runtime (about 33 KiB of compressed script) to
 * pages that have no form. The BFF built the answer from the API's, which it checked with zod.
 */
function asBrowserSession(value: unknown): BrowserSession | null {
  if (!value || typeof value !== "object") return null;
  const { user, accessTokenExpiresAt } = value as Record<string, unknown>;
  if (typeof accessTokenExpiresAt !== "string" || !user || typeof user !== "object") return null;
  const { id, email, role, status, userType } = user as Record<string, unknown>;
  const complete = [id, email, role, status, userType].every((field) => typeof field === "string");
  return complete ? (value as BrowserSession) : null;
}

/**
 * The schema an answer is checked with, or a function that loads it (`lazy` in
 * components/forms/use-schema-form): pages without a form then load zod only when a call returns.
 */
export type SchemaSource<S extends AnswerSchema> = S | (() => Promise<S>);

/**
 * What checks an answer: a shared zod schema, or (for a one-field answer on a page that has no
 * other use for zod) a small check with the same `safeParse`.
 */
export type AnswerSchema = z.ZodType | AnswerCheck<unknown>;
export type AnswerCheck<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
};
type Answer<S> = S extends z.ZodType ? z.output<S> : S extends AnswerCheck<infer T> ? T : never;

const schemaOf = <S extends AnswerSchema>(source: SchemaSource<S>): S | Promise<S> =>
  typeof source === "function" ? source() : source;

/** What the page's session does when the client refreshes or gives up (AuthProvider sets it). */
export type SessionHooks = {
  onRefreshed?: (session: BrowserSession) => void;
  /** The session could not be renewed: the page forgets it and goes to /login. */
  onExpired?: () => void | Promise<void>;
};

export type RequestOptions = {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * The call does not rest on the page's session (login, code login, logout): a 401 is the API's
   * answer (say, a wrong password), not an expired session. No refresh, no retry, no logout.
   */
  anonymous?: boolean;
};

export type UploadOptions = RequestOptions & {
  onProgress?: (percent: number) => void;
  method?: "POST" | "PUT";
};

/** One HTTP exchange that can be sent again: fetch, or an XMLHttpRequest for upload progress. */
type Exchange<T extends { status: number }> = () => Promise<T>;

/**
 * The browser's one way to the API (through the BFF, same origin, session in httpOnly cookies).
 * A 401 triggers one refresh of the session and one retry; if the refresh fails or the retry is
 * a 401 again, the session ends (onExpired). Concurrent 401s share a single refresh, because the
 * API rotates the refresh token and a second parallel refresh would present a spent one.
 * Calls marked `anonymous` skip this rule: their 401 is an answer to show, not an expiry.
 */
export function createApiClient({
  baseUrl = "",
  fetch: fetchImpl = (...args) => globalThis.fetch(...args),
  refreshPath = apiPath(authApi.refresh),
}: {
  baseUrl?: string;
  fetch?: typeof fetch;
  refreshPath?: string;
} = {}) {
  let hooks: SessionHooks = {};
  let refreshing: Promise<boolean> | null = null;
  let expiring: Promise<void> | null = null;

  const url = (path: string) => `${baseUrl}${path}`;

  function refreshSession(): Promise<boolean> {
    refreshing ??= (async () => {
      try {
        const response = await fetchImpl(url(refreshPath), { method: "POST", credentials: "same-origin" });
        if (!response.ok) return false;
        const session = asBrowserSession(await response.json());
        if (!session) return false;
        hooks.onRefreshed?.(session);
        return true;
      } catch {
        return false;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  function expire(): Promise<void> {
    expiring ??= (async () => {
      try {
        await hooks.onExpired?.();
      } finally {
        expiring = null;
      }
    })();
    return expiring;
  }

  async function withSession<T extends { status: number }>(
    send: Exchange<T>,
    { anonymous = false }: Pick<RequestOptions, "anonymous"> = {},
  ): Promise<T> {
    const first = await send();
    if (first.status !== 401 || anonymous) return first;
    if (!(await refreshSession())) {
      await expire();
      return first;
    }
    const second = await send();
    if (second.status === 401) await expire();
    return second;
  }

  /** fetch with the session rule, for answers that are not JSON (downloads, previews). */
  function raw(
    path: string,
    init: RequestInit = {},
    options: Pick<RequestOptions, "anonymous"> = {},
  ): Promise<Response> {
    return withSession(
      () => fetchImpl(url(path), { cache: "no-store", ...init, credentials: "same-origin" }),
      options,
    );
  }

  async function json<S extends AnswerSchema>(
    method: string,
    path: string,
    body: unknown,
    source: SchemaSource<S> | undefined,
    { signal, headers, anonymous }: RequestOptions = {},
  ): Promise<Answer<S>> {
    const init: RequestInit = {
      method,
      signal,
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    };
    let response: Response;
    try {
      response = await raw(path, init, { anonymous });
    } catch (error) {
      // An abort is the caller's own decision, not a problem to show.
      if (signal?.aborted) throw error;
      throw ApiProblem.network();
    }
    if (!response.ok) throw await ApiProblem.fromResponse(response);
    if (!source) return undefined as Answer<S>;
    const [schema, answer] = await Promise.all([schemaOf(source), response.json().catch(() => undefined)]);
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw ApiProblem.invalidResponse(response.status);
    return parsed.data as Answer<S>;
  }

  /**
   * Sends a multipart form with XMLHttpRequest, because fetch cannot report upload progress.
   * Same session rule as every other call (the form is sent again after a refresh). A Blob is
   * sent as it is, with its type as the content type: a JSON body made into a Blob reports its
   * progress too.
   */
  async function upload<S extends AnswerSchema>(
    path: string,
    form: FormData | Blob,
    source?: SchemaSource<S>,
    { onProgress, signal, method = "POST", headers, anonymous }: UploadOptions = {},
  ): Promise<Answer<S>> {
    const send = () =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = new XMLHttpRequest();
        request.open(method, url(path));
        request.setRequestHeader("accept", "application/json");
        for (const [name, value] of Object.entries(headers ?? {})) request.setRequestHeader(name, value);
        request.upload.addEventListener("progress", (event) => {
          if (event.lengthComputable && event.total > 0)
            onProgress?.(Math.round((event.loaded / event.total) * 100));
        });
        request.addEventListener("load", () =>
          resolve({ status: request.status, text: request.responseText }),
        );
        request.addEventListener("error", () => reject(ApiProblem.network()));
        request.addEventListener("abort", () => reject(new DOMException("Upload aborted", "AbortError")));
        if (signal?.aborted) request.abort();
        signal?.addEventListener("abort", () => request.abort(), { once: true });
        request.send(form);
      });
    const { status, text } = await withSession(send, { anonymous });
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (e.g. a proxy's HTML page): the error becomes HTTP {status}.
    }
    if (status < 200 || status >= 300) throw ApiProblem.fromBody(status, body);
    if (!source) return undefined as Answer<S>;
    const parsed = (await schemaOf(source)).safeParse(body);
    if (!parsed.success) throw ApiProblem.invalidResponse(status);
    return parsed.data as Answer<S>;
  }

  return {
    get: <S extends AnswerSchema>(path: string, schema?: SchemaSource<S>, options?: RequestOptions) =>
      json("GET", path, undefined, schema, options),
    post: <S extends AnswerSchema>(
      path: string,
      body?: unknown,
      schema?: SchemaSource<S>,
      options?: RequestOptions,
    ) => json("POST", path, body, schema, options),
    put: <S extends AnswerSchema>(
      path: string,
      body?: unknown,
      schema?: SchemaSource<S>,
      options?: RequestOptions,
    ) => json("PUT", path, body, schema, options),
    patch: <S extends AnswerSchema>(
      path: string,
      body?: unknown,
      schema?: SchemaSource<S>,
      options?: RequestOptions,
    ) => json("PATCH", path, body, schema, options),
    delete: <S extends AnswerSchema>(path: string, schema?: SchemaSource<S>, options?: RequestOptions) =>
      json("DELETE", path, undefined, schema, options),
    upload,
    fetch: raw,
    refreshSession,
    /** AuthProvider connects the page's session; the returned function disconnects it. */
    setSessionHooks(next: SessionHooks): () => void {
      hooks = next;
      return () => {
        if (hooks === next) hooks = {};
      };
    },
  };
}

/** The page's client. */
export const api = createApiClient();
