"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { useAuth } from "@/components/auth/auth-provider";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { readApiError } from "@/lib/api-error";
import { notify } from "@/lib/notify";
import {
  type ReferralLink,
  referralListSchema,
  referralStatsResponseSchema,
  type referralStatsSchema,
} from "@/lib/schemas/referrals";
import { GenerateLinkForm } from "./generate-link-form";
import { ReferralLinksTable, secondaryButtonClass } from "./referral-links-table";

type ReferralStats = z.infer<typeof referralStatsSchema>;

const STAT_KEYS = [
  "totalLinks",
  "activeLinks",
  "linksUsed",
  "companyUsersReferred",
  "personalUsersReferred",
] as const satisfies readonly (keyof ReferralStats)[];

const cardClass = "rounded-2xl bg-white p-6 shadow-xl";

/**
 * Spec §2 /referral-management below the heading: stats cards, the generator and the table.
 * Every call goes through apiFetch (one refresh and retry on a 401).
 */
export function ReferralManagement() {
  const t = useTranslations("Referrals");
  const { apiFetch } = useAuth();
  const apiErrorMessage = useApiErrorMessage();
  const [stats, setStats] = useState<ReferralStats | null>(null);
  const [links, setLinks] = useState<ReferralLink[] | null>(null);
  const [loading, setLoading] = useState(true);
  // Only the newest load may write its answer: a slow older one must not undo a deactivation.
  const generation = useRef(0);

  const load = useCallback(async () => {
    const current = ++generation.current;
    const read = async <T,>(path: string, schema: z.ZodType<T>): Promise<T | null> => {
      try {
        const response = await apiFetch(path);
        if (!response.ok) return null;
        const parsed = schema.safeParse(await response.json());
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    };
    const [nextStats, nextList] = await Promise.all([
      read("/api/referral/stats", referralStatsResponseSchema),
      read("/api/referral/list", referralListSchema),
    ]);
    if (current !== generation.current) return;
    // Spec §8: a failed fetch is silently ignored; what was shown before stays.
    if (nextStats) setStats(nextStats.stats);
    if (nextList) setLinks(nextList.tokens);
    setLoading(false);
  }, [apiFetch]);

  useEffect(() => {
    void load();
  }, [load]);

  const retry = () => {
    setLoading(true);
    void load();
  };

  const copyLink = useCallback(
    async (link: string) => {
      try {
        await navigator.clipboard.writeText(link);
        notify.success(t("copied"));
      } catch {
        // No clipboard outside a secure context, or permission refused.
        notify.error(t("copyFailed"));
      }
    },
    [t],
  );

  const deactivateLink = useCallback(
    async (link: ReferralLink): Promise<boolean> => {
      const fallback = t("table.deactivateFailed");
      try {
        const response = await apiFetch("/api/referral/deactivate", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ tokenId: link.id }),
        });
        // A 401 here means the session is gone: apiFetch has already said so and logged out.
        if (response.status === 401) return false;
        if (!response.ok) {
          const error = await readApiError(response);
          notify.error(error.status === 404 ? t("table.notFound") : apiErrorMessage(error, fallback));
          return false;
        }
        notify.success(t("table.deactivated"));
        setLinks((all) =>
          all ? all.map((item) => (item.id === link.id ? { ...item, status: "deactivated" } : item)) : all,
        );
        void load();
        return true;
      } catch {
        notify.error(fallback);
        return false;
      }
    },
    [apiFetch, apiErrorMessage, load, t],
  );

  return (
    <div className="space-y-6">
      <section aria-labelledby="referral-stats-heading" aria-busy={loading} className={cardClass}>
        <h2 id="referral-stats-heading" className="text-lg font-semibold text-slate-900">
          {t("stats.heading")}
        </h2>
        {loading ? (
          <p role="status" className="mt-2 text-slate-700">
            {t("loading")}
          </p>
        ) : stats ? (
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {STAT_KEYS.map((key) => (
              <div key={key} className="flex flex-col rounded-xl border border-slate-200 bg-slate-50 p-4">
                <dt className="text-sm text-slate-700">{t(`stats.${key}`)}</dt>
                <dd className="order-first text-2xl font-semibold text-slate-900 tabular-nums">
                  {stats[key]}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          // Neutral, not an error: spec §8 keeps failed loads quiet.
          <p className="mt-2 text-slate-700">{t("stats.unavailable")}</p>
        )}
      </section>

      <section aria-labelledby="referral-generate-heading" className={cardClass}>
        <h2 id="referral-generate-heading" className="text-lg font-semibold text-slate-900">
          {t("generate.heading")}
        </h2>
        <GenerateLinkForm onCreated={() => void load()} onCopy={copyLink} />
      </section>

      <section
        aria-labelledby="referral-links-heading"
        aria-busy={loading}
        className={`${cardClass} min-w-0`}
      >
        <h2 id="referral-links-heading" className="text-lg font-semibold text-slate-900">
          {t("table.heading")}
        </h2>
        {loading ? (
          // The stats section's status message already announces the load.
          <p className="mt-2 text-slate-700">{t("loading")}</p>
        ) : links ? (
          links.length > 0 ? (
            <ReferralLinksTable links={links} onCopy={copyLink} onDeactivate={deactivateLink} />
          ) : (
            <p className="mt-2 text-slate-700">{t("table.empty")}</p>
          )
        ) : (
          <div className="mt-2 flex flex-wrap items-center gap-3 text-slate-700">
            <p>{t("table.unavailable")}</p>
            <button type="button" className={secondaryButtonClass} onClick={retry}>
              {t("retry")}
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
