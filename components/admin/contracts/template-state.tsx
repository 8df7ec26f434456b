"use client";

import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { api } from "@/components/api/client";
import { templateApi } from "@/lib/api/contracts";
import { apiPath } from "@/lib/api/endpoint";
import type { TemplateSummary } from "@/lib/schemas/contracts";
import type { StatusTone } from "./status-note";
import type { TemplateState } from "./template-types";

/**
 * Activates or deactivates a template. Reports the success or the failure and answers whether
 * it worked, so the caller refreshes its list.
 */
export function useTemplateStateChange(show: (tone: StatusTone, text: string) => void) {
  const t = useTranslations("AdminContracts.overview");
  const [busyId, setBusyId] = useState<string | null>(null);
  const change = useCallback(
    async (template: TemplateSummary) => {
      const state: TemplateState = template.state === "active" ? "inactive" : "active";
      setBusyId(template.id);
      try {
        await api.patch(apiPath(templateApi.setState, { id: template.id }), { state });
        show("success", t("stateChanged"));
        return true;
      } catch {
        show("error", t("stateFailed"));
        return false;
      } finally {
        setBusyId(null);
      }
    },
    [show, t],
  );
  return { change, busyId };
}

// Text carries the meaning; colour only repeats it (WCAG 1.4.1), each pairing at least 4.5:1.
export function StateBadge({ state }: { state: TemplateState }) {
  const t = useTranslations("AdminContracts.values.state");
  return (
    <span
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
        state === "active"
          ? "bg-green-100 text-green-800 ring-green-700/30"
          : "bg-slate-200 text-slate-800 ring-slate-500/30"
      }`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {t(state)}
    </span>
  );
}
