"use client";

import { useCallback, useRef, useState } from "react";
import type { z } from "zod";
import { api, type SchemaSource } from "@/components/api/client";
import type { ApiErrorInfo, ApiLoad } from "@/lib/api/problem";
import { ApiProblem, isApiProblem } from "@/lib/api/problem";
import { useAdminErrorText } from "./use-admin-error-text";

/**
 * Data the server loaded for the first render, refreshed in place through the API client. A
 * failed refresh keeps the last data on screen beside its error, so nothing jumps; stale answers
 * (a slower earlier refresh) are dropped. Without `initial` nothing is shown until `reload` runs.
 */
export function useRefreshable<T>(path: string, schema: SchemaSource<z.ZodType<T>>, initial?: ApiLoad<T>) {
  const [data, setData] = useState<T | null>(initial?.ok ? initial.data : null);
  const [error, setError] = useState<ApiErrorInfo | null>(initial && !initial.ok ? initial.error : null);
  const [loading, setLoading] = useState(false);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const current = ++generation.current;
    setLoading(true);
    try {
      const next = await api.get(path, schema);
      if (current !== generation.current) return;
      setData(next);
      setError(null);
    } catch (problem) {
      if (current !== generation.current) return;
      setError(isApiProblem(problem) ? problem : ApiProblem.network());
    } finally {
      if (current === generation.current) setLoading(false);
    }
  }, [path, schema]);

  return { data, error, loading, reload, setData };
}

/**
 * useRefreshable for an AdminCard, with the card's failure line (none without an error):
 * `failed` words it with the error's reason (`reasonOf`, the admin cards' text unless given),
 * and its retry loads again.
 */
export function useRefreshableCard<T>(
  path: string,
  schema: SchemaSource<z.ZodType<T>>,
  initial: ApiLoad<T> | undefined,
  failed: (reason: string) => string,
  reasonOf?: (error: ApiErrorInfo) => string,
) {
  const errorText = useAdminErrorText();
  const refreshable = useRefreshable(path, schema, initial);
  const { error, reload } = refreshable;
  const failure = error && { message: failed((reasonOf ?? errorText)(error)), onRetry: () => void reload() };
  return { ...refreshable, failure };
}
