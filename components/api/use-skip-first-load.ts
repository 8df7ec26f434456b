"use client";

import { useCallback, useRef } from "react";

/**
 * For a component whose first render already shows what the server loaded: the loading effect
 * calls the answer first thing and returns when it says true. That happens once, on the effect's
 * first run, so the browser does not fetch again what the page already shows; a later run (a
 * changed dependency, a retry) loads. Without server data (`servedByServer` false) nothing is skipped.
 */
export function useSkipFirstLoad(servedByServer: boolean): () => boolean {
  const pending = useRef(servedByServer);
  return useCallback(() => {
    if (!pending.current) return false;
    pending.current = false;
    return true;
  }, []);
}
