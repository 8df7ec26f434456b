"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { useSkipFirstLoad } from "@/components/api/use-skip-first-load";
import { templateApi } from "@/lib/api/contracts";
import { apiPath } from "@/lib/api/endpoint";
import type { ApiLoad } from "@/lib/api/problem";
import type { TemplateSummary } from "@/lib/schemas/contracts";
import { templateListResponseSchema } from "../admin-schemas.lazy";
import type { TemplateAudience, TemplateLanguage } from "./template-types";

export type TemplateFilters = { lang: TemplateLanguage | ""; audience: TemplateAudience | "" };

/**
 * The admin template list with its filters; stale answers are dropped. `initial` is the
 * unfiltered list the server loaded for the first render (or why it failed): a filter change or
 * a reload asks again through the API client.
 */
export function useTemplateList(filters: TemplateFilters, initial: ApiLoad<TemplateSummary[]>) {
  const [templates, setTemplates] = useState<TemplateSummary[] | null>(initial.ok ? initial.data : null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(!initial.ok);
  const skipFirstLoad = useSkipFirstLoad(true);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const current = ++generation.current;
    setLoading(true);
    // An empty filter means all: it is left out of the query.
    const query = { lang: filters.lang || undefined, audience: filters.audience || undefined };
    const answer = await api
      .get(apiPath(templateApi.list, query), templateListResponseSchema)
      .catch(() => null);
    if (current !== generation.current) return;
    if (answer) setTemplates(answer.templates);
    setFailed(!answer);
    setLoading(false);
  }, [filters.lang, filters.audience]);

  useEffect(() => {
    if (skipFirstLoad()) return;
    void reload();
  }, [reload, skipFirstLoad]);

  return { templates, loading, failed, reload };
}
