"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { buttonClass } from "@/components/ui/button";
import { userStatsSchema } from "@/lib/schemas/admin";
import { adminCardClass, loadJson, useAdminErrorText } from "./dashboard-ui";

type UserStats = z.infer<typeof userStatsSchema>;

const STAT_KEYS = [
  "totalUsers",
  "activeUsers",
  "adminUsers",
  "personalUsers",
  "companyUsers",
  "verificationPending",
  "permissions",
] as const satisfies readonly (keyof UserStats)[];

/**
 * Spec §3 admin user stats, shared by the admin dashboard and the user list. A change of
 * reloadKey (after a delete or suspend) loads them again.
 */
export function AdminStats({
  headingLevel = 2,
  reloadKey = 0,
}: {
  headingLevel?: 2 | 3;
  reloadKey?: number;
}) {
  const t = useTranslations("AdminArea.stats");
  const tCommon = useTranslations("AdminArea.common");
  const errorText = useAdminErrorText();
  const [stats, setStats] = useState<UserStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);

  const load = useCallback(async () => {
    const current = ++generation.current;
    setLoading(true);
    const result = await loadJson("/api/admin/user-stats", userStatsSchema);
    if (current !== generation.current) return;
    if (result.ok) {
      setStats(result.data);
      setError(null);
    } else {
      setError(errorText(result.error));
    }
    setLoading(false);
  }, [errorText]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey is the signal to load again.
  useEffect(() => {
    void load();
  }, [load, reloadKey]);

  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="admin-stats-heading" aria-busy={loading} className={adminCardClass}>
      <Heading id="admin-stats-heading" className="text-lg font-semibold text-slate-900">
        {t("heading")}
      </Heading>
      {error && (
        <div
          role="alert"
          className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-red-800"
        >
          <p>{t("loadFailed", { message: error })}</p>
          <button
            type="button"
            className={buttonClass({ variant: "secondary", size: "sm" })}
            onClick={() => void load()}
          >
            {tCommon("retry")}
          </button>
        </div>
      )}
      {loading && !stats ? (
        <p role="status" className="mt-2 text-slate-700">
          {t("loading")}
        </p>
      ) : stats ? (
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {STAT_KEYS.map((key) => (
            <div
              key={key}
              className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-slate-50 p-3"
            >
              <dt className="text-sm break-words text-slate-700">{t(key)}</dt>
              <dd className="order-first text-2xl font-semibold text-slate-900 tabular-nums">{stats[key]}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
