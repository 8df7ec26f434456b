"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import type { z } from "zod";
import { useSkipFirstLoad } from "@/components/api/use-skip-first-load";
import { Skeleton } from "@/components/ui/skeleton";
import type { ApiLoad } from "@/lib/api/problem";
import type { userStatsSchema as UserStatsSchema } from "@/lib/schemas/admin";
import { userStatsSchema } from "../admin-schemas.lazy";
import { AdminCard } from "./admin-card";
import { DASHBOARD_PATHS } from "./dashboard-paths";
import { useRefreshableCard } from "./use-refreshable";

type UserStats = z.infer<typeof UserStatsSchema>;

const STAT_KEYS = [
  "totalUsers",
  "activeUsers",
  "adminUsers",
  "personalUsers",
  "companyUsers",
  "verificationPending",
  "permissions",
] as const satisfies readonly (keyof UserStats)[];

const gridClass = "mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7";
const tileClass = "flex min-w-0 flex-col rounded-xl border border-slate-200 bg-slate-50 p-3";

/**
 * The admin user stats, shared by the admin dashboard and the user list. `initial` is what the
 * server loaded for the first render; without it (or on a change of reloadKey, after a delete or
 * suspend) they are loaded through the API client, with placeholders of the tiles' size meanwhile.
 */
export function AdminStats({
  headingLevel = 2,
  reloadKey = 0,
  initial,
}: {
  headingLevel?: 2 | 3;
  reloadKey?: number;
  initial?: ApiLoad<UserStats>;
}) {
  const t = useTranslations("AdminArea.stats");
  const {
    data: stats,
    error,
    loading,
    reload,
    failure,
  } = useRefreshableCard(DASHBOARD_PATHS.stats, userStatsSchema, initial, (message) =>
    t("loadFailed", { message }),
  );
  // The server's answer serves the first render; only a later reloadKey asks again.
  const skipFirstLoad = useSkipFirstLoad(initial !== undefined);

  useEffect(() => {
    void reloadKey;
    if (skipFirstLoad()) return;
    void reload();
  }, [reload, reloadKey, skipFirstLoad]);

  return (
    <AdminCard
      headingId="admin-stats-heading"
      heading={t("heading")}
      headingLevel={headingLevel}
      loading={loading}
      failure={failure}
    >
      {stats ? (
        <dl className={gridClass}>
          {STAT_KEYS.map((key) => (
            <div key={key} className={tileClass}>
              <dt className="text-sm break-words text-slate-700">{t(key)}</dt>
              <dd className="order-first text-2xl font-semibold text-slate-900 tabular-nums">{stats[key]}</dd>
            </div>
          ))}
        </dl>
      ) : (
        !error && (
          <div className={gridClass}>
            <p className="sr-only" role="status">
              {t("loading")}
            </p>
            {STAT_KEYS.map((key) => (
              <div key={key} className={tileClass}>
                <Skeleton className="h-8 w-12" />
                <Skeleton className="mt-1 h-4 w-full" />
              </div>
            ))}
          </div>
        )
      )}
    </AdminCard>
  );
}
