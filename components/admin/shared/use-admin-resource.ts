"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { api, type SchemaSource } from "@/components/api/client";
import { useSkipFirstLoad } from "@/components/api/use-skip-first-load";
import { isApiProblem } from "@/lib/api/problem";
import { useAdminApiErrorMessage } from "./use-admin-error-text";

export type Load<T> =
  | { state: "loading" }
  | { state: "ready"; data: T }
  | { state: "notFound" }
  | { state: "failed"; message: string };

/**
 * GETs one admin resource through the API client and parses it with its shared schema (or the
 * schema's loader: `lazy` in components/forms/use-schema-form).
 * `failure` builds the page's error text ('Failed to fetch user data: …') from the reason; `initial`
 * is what the server already loaded for the first render (no request then); `reload` runs it again.
 */
export function useAdminResource<T>(
  path: string | null,
  schema: SchemaSource<z.ZodType<T, unknown>>,
  failure: (reason: string) => string,
  initial?: T,
): { load: Load<T>; reload: () => void; setData: (update: (data: T) => T) => void } {
  const apiErrorMessage = useAdminApiErrorMessage();
  const tErrors = useTranslations("Errors");
  const [load, setLoad] = useState<Load<T>>(
    initial === undefined ? { state: "loading" } : { state: "ready", data: initial },
  );
  const [attempt, setAttempt] = useState(0);
  // The caller passes a fresh closure each render; the effect reads the newest one.
  const failureRef = useRef(failure);
  useEffect(() => {
    failureRef.current = failure;
  });
  // The server's answer serves the first render; only a path change or a reload asks again.
  const skipFirstLoad = useSkipFirstLoad(initial !== undefined);

  useEffect(() => {
    if (!path) return;
    void attempt;
    if (skipFirstLoad()) return;
    let stale = false;
    const failure = failureRef.current;
    setLoad({ state: "loading" });
    api
      .get(path, schema)
      .then(
        (data): Load<T> => ({ state: "ready", data }),
        (error: unknown): Load<T> => {
          if (!isApiProblem(error)) return { state: "failed", message: failure(tErrors("unknown")) };
          if (error.status === 404) return { state: "notFound" };
          if (error.code === "NETWORK") return { state: "failed", message: failure(tErrors("network")) };
          if (error.code === "INVALID_RESPONSE")
            return { state: "failed", message: failure(tErrors("unknown")) };
          return {
            state: "failed",
            message: failure(apiErrorMessage(error, tErrors("httpStatus", { status: error.status }))),
          };
        },
      )
      .then((next) => {
        if (!stale) setLoad(next);
      });
    return () => {
      stale = true;
    };
  }, [path, schema, apiErrorMessage, tErrors, attempt, skipFirstLoad]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const setData = useCallback(
    (update: (data: T) => T) =>
      setLoad((current) =>
        current.state === "ready" ? { state: "ready", data: update(current.data) } : current,
      ),
    [],
  );
  return { load, reload, setData };
}
