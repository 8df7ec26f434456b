"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { Table, TableBody, TableColumns, Td } from "@/components/ui/table";
import type { serverStatusSchema } from "@/lib/schemas/admin";

type ServerLog = z.infer<typeof serverStatusSchema>["logs"][number];

// A request line fills method, route, status and duration; other lines leave them empty.
const LOG_COLUMNS = [
  "time",
  "tier",
  "level",
  "method",
  "route",
  "httpStatus",
  "duration",
  "message",
] as const;

// The tier in words; the tint only repeats it, each pairing at least 4.5:1.
const tierTone: Record<ServerLog["tier"], string> = {
  api: "bg-slate-100 text-slate-800 ring-slate-700/30",
  web: "bg-sky-100 text-sky-900 ring-sky-700/30",
};

/**
 * The recent log lines of the answering API instance and of the web server that showed the page,
 * newest first, each with its tier. Each instance keeps its own in memory, so with several
 * instances the list differs by which one answered; the note says which.
 */
export function DashboardServerLogs({ logs, instance }: { logs: ServerLog[]; instance: string }) {
  const t = useTranslations("AdminArea.serverStatus");
  return (
    <>
      <h3 id="server-logs-heading" className="mt-6 font-semibold text-slate-900">
        {t("logsHeading")}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t("logsNote", { instance })}</p>
      {logs.length === 0 ? (
        <p className="mt-2 text-slate-700">{t("noLogs")}</p>
      ) : (
        <Table
          caption={t("logsCaption")}
          captionHidden
          regionLabel={t("logsRegion")}
          regionClassName="max-h-96 overflow-y-auto"
          minWidth="min-w-[56rem]"
        >
          <TableColumns
            keys={LOG_COLUMNS}
            label={(column) => t(column)}
            className="sticky top-0 bg-slate-100"
          />
          <TableBody>
            {logs.map((log, index) => (
              // Log lines can repeat exactly; the list is replaced as a whole.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <tr key={index}>
                <Td className="font-mono text-xs whitespace-nowrap">{log.time}</Td>
                <Td>
                  <span
                    className={`rounded px-1.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tierTone[log.tier]}`}
                  >
                    {t(`tierValue.${log.tier}`)}
                  </span>
                </Td>
                <Td className="font-semibold uppercase">{log.level}</Td>
                <Td className="font-mono text-xs">{log.method}</Td>
                <Td className="font-mono text-xs break-all">{log.route}</Td>
                <Td className="tabular-nums">{log.status}</Td>
                <Td className="whitespace-nowrap tabular-nums">
                  {log.ms === undefined ? "" : t("durationValue", { ms: log.ms })}
                </Td>
                <Td className="break-words">{log.message}</Td>
              </tr>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
