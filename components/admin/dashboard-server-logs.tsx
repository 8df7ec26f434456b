"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { Table, TableBody, TableColumns, Td } from "@/components/ui/table";
import type { serverStatusSchema } from "@/lib/schemas/admin";

type ServerLog = z.infer<typeof serverStatusSchema>["logs"][number];

// A request line fills method, route, status and duration; other lines leave them empty.
const LOG_COLUMNS = ["time", "level", "method", "route", "httpStatus", "duration", "message"] as const;

/**
 * The answering API instance's recent log lines. Each instance keeps its own in memory, so with
 * several instances the list differs by which one answered; the note says which.
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
          minWidth="min-w-[52rem]"
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
