"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { buttonClass } from "@/components/ui/button";
import { serverStatusSchema } from "@/lib/schemas/admin";
import { DashboardFailingMails } from "./dashboard-failing-mails";
import { adminCardClass, adminTableRegionClass, loadJson, useAdminErrorText } from "./dashboard-ui";

type ServerStatus = z.infer<typeof serverStatusSchema>;

// A request line fills method, route, status and duration; other lines leave them empty.
const LOG_COLUMNS = ["time", "level", "method", "route", "httpStatus", "duration", "message"] as const;

// Text carries the meaning; colour only repeats it (WCAG 1.4.1), each pairing at least 4.5:1.
const statusTone: Record<ServerStatus["status"], string> = {
  online: "bg-green-100 text-green-800 ring-green-700/30",
  degraded: "bg-amber-100 text-amber-900 ring-amber-700/30",
};

/** Spec §2/§3 server status and recent logs on the admin dashboard, with a refresh button. */
export function DashboardServerStatus() {
  const t = useTranslations("AdminArea.serverStatus");
  const errorText = useAdminErrorText();
  const [status, setStatus] = useState<ServerStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);

  const load = useCallback(async () => {
    const current = ++generation.current;
    setLoading(true);
    const result = await loadJson("/api/admin/server-status", serverStatusSchema);
    if (current !== generation.current) return;
    if (result.ok) {
      setStatus(result.data);
      setError(null);
    } else {
      setError(errorText(result.error));
    }
    setLoading(false);
  }, [errorText]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section aria-labelledby="server-status-heading" aria-busy={loading} className={adminCardClass}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="server-status-heading" className="text-lg font-semibold text-slate-900">
          {t("heading")}
        </h2>
        <button
          type="button"
          className={buttonClass({ variant: "secondary", size: "sm" })}
          onClick={() => !loading && void load()}
          // aria-disabled, not disabled: focus stays on the button during the refresh.
          aria-disabled={loading}
          aria-busy={loading}
        >
          {loading ? t("refreshing") : t("refresh")}
        </button>
      </div>
      <p role="status" className={loading ? "mt-2 text-slate-700" : "sr-only"}>
        {loading ? t("loading") : status && !error ? t("updated") : ""}
      </p>
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-800">
          {t("loadFailed", { message: error })}
        </p>
      )}
      {status && (
        <>
          <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <div className="rounded-xl border border-slate-200 bg-slate-50 p-3">
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
            <div className="rounded-xl border border-slate-200 bg-slate-50 p-3">
              <dt className="text-sm text-slate-700">{t("uptime")}</dt>
              <dd className="mt-1 font-semibold text-slate-900 tabular-nums">
                {t("uptimeValue", status.uptime)}
              </dd>
            </div>
            <div className="rounded-xl border border-slate-200 bg-slate-50 p-3">
              <dt className="text-sm text-slate-700">{t("cpu")}</dt>
              <dd className="mt-1 font-semibold text-slate-900 tabular-nums">
                {t("cpuValue", { percent: Math.round(status.cpuUsagePercent * 10) / 10 })}
              </dd>
            </div>
            <div className="rounded-xl border border-slate-200 bg-slate-50 p-3">
              <dt className="text-sm text-slate-700">{t("memory")}</dt>
              <dd className="mt-1 font-semibold text-slate-900 tabular-nums">
                {t("memoryValue", {
                  used: Math.round(status.memory.used),
                  total: Math.round(status.memory.total),
                })}
              </dd>
            </div>
          </dl>

          <DashboardFailingMails mails={status.failingMails} onRetried={() => void load()} />

          <h3 id="server-logs-heading" className="mt-6 font-semibold text-slate-900">
            {t("logsHeading")}
          </h3>
          {/* Spec §2: the logs are kept in memory by each API instance; with several, they differ. */}
          <p className="mt-1 text-sm text-slate-700">{t("logsNote", { instance: status.instance })}</p>
          {status.logs.length === 0 ? (
            <p className="mt-2 text-slate-700">{t("noLogs")}</p>
          ) : (
            <section
              aria-label={t("logsRegion")}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
              tabIndex={0}
              className={`${adminTableRegionClass} max-h-96 overflow-y-auto`}
            >
              <table className="w-full min-w-[52rem] border-collapse text-left text-sm">
                <caption className="sr-only">{t("logsCaption")}</caption>
                <thead className="sticky top-0 bg-slate-50 text-slate-800">
                  <tr>
                    {LOG_COLUMNS.map((column) => (
                      <th key={column} scope="col" className="px-3 py-2 font-semibold">
                        {t(column)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {status.logs.map((log, index) => (
                    // Log lines can repeat exactly; the list is replaced as a whole.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                    <tr key={index} className="border-t border-slate-200 align-top text-slate-800">
                      <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{log.time}</td>
                      <td className="px-3 py-2 font-semibold uppercase">{log.level}</td>
                      <td className="px-3 py-2 font-mono text-xs">{log.method}</td>
                      <td className="px-3 py-2 font-mono text-xs break-all">{log.route}</td>
                      <td className="px-3 py-2 tabular-nums">{log.status}</td>
                      <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                        {log.ms === undefined ? "" : t("durationValue", { ms: log.ms })}
                      </td>
                      <td className="px-3 py-2 break-words">{log.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </>
      )}
    </section>
  );
}
