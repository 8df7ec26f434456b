"use client";

import { useLocale } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "@/components/api/client";
import {
  type ContractDocument,
  contractListResponseSchema,
  type MemberTemplate,
  memberTemplatesResponseSchema,
} from "@/lib/schemas/contracts";

export type TemplatesState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; templates: MemberTemplate[]; contractSignedAt: string | null };

/**
 * The member's templates in the page's language (GET /api/contracts/templates) and the
 * contracts they already signed (GET /api/contracts/mine). Loaded again when the language
 * changes and after every upload, so the 'done' marks are the API's.
 */
export function useContractData() {
  const locale = useLocale();
  const [templates, setTemplates] = useState<TemplatesState>({ status: "loading" });
  const [signed, setSigned] = useState<{ contracts: ContractDocument[]; loadedAt: number }>({
    contracts: [],
    loadedAt: 0,
  });
  /** Answers of an older load (say, before a language switch) are dropped. */
  const generation = useRef(0);

  const fetchSigned = useCallback(
    async () => (await api.get("/api/contracts/mine", contractListResponseSchema)).contracts,
    [],
  );

  const load = useCallback(
    async ({ quiet = false }: { quiet?: boolean } = {}) => {
      const current = ++generation.current;
      if (!quiet) setTemplates({ status: "loading" });
      const [templateResult, signedResult] = await Promise.allSettled([
        api.get(`/api/contracts/templates?lang=${encodeURIComponent(locale)}`, memberTemplatesResponseSchema),
        fetchSigned(),
      ]);
      if (current !== generation.current) return;
      setTemplates(
        templateResult.status === "fulfilled"
          ? { status: "ready", ...templateResult.value }
          : { status: "failed" },
      );
      // The signed list is a convenience: without it the page still works.
      if (signedResult.status === "fulfilled")
        setSigned({ contracts: signedResult.value, loadedAt: Date.now() });
    },
    [locale, fetchSigned],
  );

  /** The signed contracts again, with fresh download URLs (they are short-lived). */
  const reloadSigned = useCallback(async () => {
    const contracts = await fetchSigned();
    setSigned({ contracts, loadedAt: Date.now() });
    return contracts;
  }, [fetchSigned]);

  useEffect(() => {
    void load();
  }, [load]);

  return { templates, signed, reload: load, reloadSigned };
}
