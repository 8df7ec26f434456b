"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { type AnswerSchema, api, type SchemaSource } from "@/components/api/client";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { Button } from "@/components/ui/button";
import { Card, SectionCard } from "@/components/ui/card";
import { apiPath } from "@/lib/api/endpoint";
import { ApiProblem } from "@/lib/api/problem";
import { referralApi } from "@/lib/api/referrals";
import { notify } from "@/lib/notify";
import type { ReferralLink, referralStatsSchema } from "@/lib/schemas/referrals";
import { FunnelChart } from "./funnel-chart";
import { GenerateLinkForm } from "./generate-link-form";
import { ReferralLinksTable } from "./referral-links-table";
import { referralListSchema, referralStatsResponseSchema } from "./referral-schemas.lazy";

type ReferralStats = z.infer<typeof referralStatsSchema>;

const STAT_KEYS = [
  "totalLinks",
  "activeLinks",
  "linksUsed",
  "companyUsersReferred",
  "personalUsersReferred",
] as const satisfies readonly (keyof ReferralStats)[];

export type ReferralData = { stats: ReferralStats | null; links: ReferralLink[] | null };

/**
 * The referral page below its heading: stats cards, the generator and the links table. The page
 * loads the stats and links on the server, so the cards come with the first paint instead of
 * pushing the page down when they arrive; what the server could not load is loaded here.
 */
export function ReferralManagement({ initial }: { initial?: ReferralData }) {
  const t = useTranslations("Referrals");
  const apiErrorMessage = useApiErrorMessage();
  const [stats, setStats] = useState<ReferralStats | null>(initial?.stats ?? null);
  const [links, setLinks] = useState<ReferralLink[] | null>(initial?.links ?? null);
  const loadedOnServer = useRef(Boolean(initial?.stats && initial.links));
  const [loading, setLoading] = useState(!loadedOnServer.current);
  // Only the newest load may write its answer: a slow older one must not undo a deactivation.
  const generation = useRef(0);

  const load = useCallback(async () => {
    const current = ++generation.current;
    const read = <S extends AnswerSchema>(path: string, schema: SchemaSource<S>) =>
      api.get(path, schema).catch(() => null);
    const [nextStats, nextList] = await Promise.all([
      read(apiPath(referralApi.stats), referralStatsResponseSchema),
      read(apiPath(referralApi.list), referralListSchema),
    ]);
    if (current !== generation.current) return;
    // A failed load changes nothing: what was shown before stays (the table says when it has none).
    if (nextStats) setStats(nextStats.stats);
    if (nextList) setLinks(nextList.tokens);
    setLoading(false);
  }, []);

  useEffect(() => {
    if (!loadedOnServer.current) void load();
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
        await api.post(apiPath(referralApi.deactivate), { tokenId: link.id });
      } catch (error) {
        const problem = error instanceof ApiProblem ? error : ApiProblem.network();
        // A 401 that outlived the refresh has already ended the session (the client logs out).
        if (problem.status === 401) return false;
        notify.error(problem.status === 404 ? t("table.notFound") : apiErrorMessage(problem, fallback));
        return false;
      }
      notify.success(t("table.deactivated"));
      setLinks((all) =>
        all ? all.map((item) => (item.id === link.id ? { ...item, status: "deactivated" } : item)) : all,
      );
      void load();
      return true;
    },
    [apiErrorMessage, load, t],
  );

  return (
    <div className="space-y-6">
      <SectionCard id="referral-stats" title={t("stats.heading")} aria-busy={loading}>
        {loading ? (
          <p role="status" className="mt-2 text-slate-700">
            {t("loading")}
          </p>
        ) : stats ? (
          <>
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
            <h3 className="mt-6 text-base font-semibold text-slate-900">{t("funnel.heading")}</h3>
            <p className="mt-1 text-sm text-slate-700">{t("funnel.explanation")}</p>
            <FunnelChart funnel={stats.funnel} label={t("funnel.overall")} />
          </>
        ) : (
          // Neutral, not an error: a failed load stays quiet.
          <p className="mt-2 text-slate-700">{t("stats.unavailable")}</p>
        )}
      </SectionCard>

      <SectionCard id="referral-generate" title={t("generate.heading")}>
        <GenerateLinkForm onCreated={() => void load()} onCopy={copyLink} />
      </SectionCard>

      <Card as="section" aria-labelledby="referral-links-heading" aria-busy={loading} className="min-w-0">
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
            <Button size="sm" variant="secondary" onClick={retry}>
              {t("retry")}
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
