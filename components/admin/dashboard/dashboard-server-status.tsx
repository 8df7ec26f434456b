"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import type { ApiLoad } from "@/lib/api/problem";
import type { serverStatusSchema as ServerStatusSchema } from "@/lib/schemas/admin";
import { serverStatusSchema } from "../admin-schemas.lazy";
import { AdminCard, LoadingNote } from "../shared/admin-card";
import { DASHBOARD_PATHS } from "../shared/dashboard-paths";
import { useRefreshableCard } from "../shared/use-refreshable";
import { DashboardFailingMails } from "./dashboard-failing-mails";
import { DashboardServerLogs } from "./dashboard-server-logs";
import { DashboardServerMetrics } from "./dashboard-server-metrics";

type ServerStatus = z.infer<typeof ServerStatusSchema>;

// Text carries the meaning; colour only repeats it, each pairing at least 4.5:1.
const statusTone: Record<ServerStatus["status"], string> = {
  online: "bg-green-100 text-green-800 ring-green-700/30",
  degraded: "bg-amber-100 text-amber-900 ring-amber-700/30",
};

const factClass = "rounded-xl border border-slate-200 bg-slate-50 p-3";

/**
 * Server status, the instance's main metrics, failing mails and recent logs, as the server
 * loaded them for the first render. The refresh button asks again through the API client; the
 * shown values stay until the new ones arrive, and focus stays on the button.
 */
export function DashboardServerStatus({ initial }: { initial: ApiLoad<ServerStatus> }) {
  const t = useTranslations("AdminArea.serverStatus");
  const {
    data: status,
    loading,
    reload,
    failure,
  } = useRefreshableCard(DASHBOARD_PATHS.serverStatus, serverStatusSchema, initial, (message) =>
    t("loadFailed", { message }),
  );

  return (
    <AdminCard
      headingId="server-status-heading"
      heading={t("heading")}
      action={
        <Button variant="secondary" size="sm" loading={loading} onClick={() => void reload()}>
          {loading ? t("refreshing") : t("refresh")}
        </Button>
      }
      intro={<LoadingNote loading={loading} text={t("loading")} />}
      loading={loading}
      failure={failure}
    >
      {status && (
        <>
          <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <div className={factClass}>
              <dt className="text-sm text-slate-700">{t("status")}</dt>
              <dd className="mt-1">
                <span
                  className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset ${statusTone[status.status]}`}
                >
                  <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
                  {t(`statusValue.${status.status}`)}
                </span>
              </dd>
            </div>
            <div className={factClass}>
              <dt className="text-sm text-slate-700">{t("uptime")}</dt>
              <dd className="mt-1 font-semibold text-slate-900 tabular-nums">
                {t("uptimeValue", status.uptime)}
              </dd>
            </div>
            <div className={factClass}>
              <dt className="text-sm text-slate-700">{t("cpu")}</dt>
              <dd className="mt-1 font-semibold text-slate-900 tabular-nums">
                {t("cpuValue", { percent: Math.round(status.cpuUsagePercent * 10) / 10 })}
              </dd>
            </div>
            <div className={factClass}>
              <dt className="text-sm text-slate-700">{t("memory")}</dt>
              <dd className="mt-1 font-semibold text-slate-900 tabular-nums">
                {t("memoryValue", {
                  used: Math.round(status.memory.used),
                  total: Math.round(status.memory.total),
                })}
              </dd>
            </div>
          </dl>
          <DashboardServerMetrics metrics={status.metrics} />
          <DashboardFailingMails mails={status.failingMails} onRetried={() => void reload()} />
          <DashboardServerLogs logs={status.logs} instance={status.instance} />
        </>
      )}
    </AdminCard>
  );
}
