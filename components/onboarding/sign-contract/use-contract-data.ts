"use client";

import { useLocale } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { useSkipFirstLoad } from "@/components/api/use-skip-first-load";
import { contractApi } from "@/lib/api/contracts";
import { apiPath } from "@/lib/api/endpoint";
import type {
  ContractDocument,
  memberTemplatesResponseSchema as MemberTemplatesSchema,
  resignTemplatesResponseSchema as ResignTemplatesSchema,
} from "@/lib/schemas/contracts";
import { contractListResponseSchema, memberTemplatesResponseSchema } from "../onboarding-schemas.lazy";

export type TemplatesLoad<T> = { status: "loading" } | { status: "failed" } | ({ status: "ready" } & T);

export type MemberTemplates = z.infer<typeof MemberTemplatesSchema>;
export type ResignTemplates = z.infer<typeof ResignTemplatesSchema>;

/** What the server loaded for the first render: the templates, the signed contracts and when. */
export type SigningData<T> = { templates: T; signed: ContractDocument[]; loadedAt: number };

/** A signing page's content: the member's account type and the server's load (null when it failed). */
export type SigningViewProps<T> = { accountType: "personal" | "company"; initial: SigningData<T> | null };

const fetchSigned = async () =>
  (await api.get(apiPath(contractApi.mine), contractListResponseSchema)).contracts;

/**
 * The templates to sign (what `fetchTemplates` answers) and the contracts the member already
 * signed (contractApi.mine), loaded together, again when `fetchTemplates` changes and
 * after every upload, so what the page shows is the API's word. `fetchTemplates` must keep its
 * identity between renders (a module function or a memoised callback). `initial` is what the
 * server loaded for the first render: the page then paints complete (no loading line that the
 * list replaces, moving everything below) and the browser asks only when something changes.
 * Without it, as after a failed server call, the browser loads both.
 */
export function useTemplatesAndSigned<T extends object>(
  fetchTemplates: () => Promise<T>,
  initial?: SigningData<T> | null,
) {
  const [templates, setTemplates] = useState<TemplatesLoad<T>>(() =>
    initial ? { status: "ready", ...initial.templates } : { status: "loading" },
  );
  const [signed, setSigned] = useState<{ contracts: ContractDocument[]; loadedAt: number }>(() =>
    initial ? { contracts: initial.signed, loadedAt: initial.loadedAt } : { contracts: [], loadedAt: 0 },
  );
  const skipFirstLoad = useSkipFirstLoad(Boolean(initial));
  /** Answers of an older load (say, before a language switch) are dropped. */
  const generation = useRef(0);

  const load = useCallback(
    async ({ quiet = false }: { quiet?: boolean } = {}) => {
      const current = ++generation.current;
      if (!quiet) setTemplates({ status: "loading" });
      const [templateResult, signedResult] = await Promise.allSettled([fetchTemplates(), fetchSigned()]);
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
    [fetchTemplates],
  );

  /** The signed contracts again, with fresh download URLs (they are short-lived). */
  const reloadSigned = useCallback(async () => {
    const contracts = await fetchSigned();
    setSigned({ contracts, loadedAt: Date.now() });
    return contracts;
  }, []);

  useEffect(() => {
    if (skipFirstLoad()) return;
    void load();
  }, [load, skipFirstLoad]);

  return { templates, signed, reload: load, reloadSigned };
}

/**
 * The member's templates in the page's language (contractApi.templates) with their
 * 'done' marks, and the contracts they already signed; loaded again when the language changes.
 */
export function useContractData(initial?: SigningData<MemberTemplates> | null) {
  const locale = useLocale();
  const fetchTemplates = useCallback(
    () => api.get(apiPath(contractApi.templates, { lang: locale }), memberTemplatesResponseSchema),
    [locale],
  );
  return useTemplatesAndSigned(fetchTemplates, initial);
}
