"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableColumns, Td, Th } from "@/components/ui/table";
import { adminOpsApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { ApiProblem, isApiProblem } from "@/lib/api/problem";
import type { failingMailSchema } from "@/lib/schemas/admin";
import { useAdminErrorText } from "../shared/use-admin-error-text";

type FailingMail = z.infer<typeof failingMailSchema>;

const COLUMNS = ["recipient", "subject", "state", "attempts", "lastError", "lastAttempt"] as const;

/**
 * Mails the outbox could not deliver, on the server status card: a failed one can be sent once
 * more. The list comes from the database, so every instance shows the same.
 */
export function DashboardFailingMails({ mails, onRetried }: { mails: FailingMail[]; onRetried: () => void }) {
  const t = useTranslations("AdminMailQueue");
  const errorText = useAdminErrorText();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);

  const retry = async (mail: FailingMail) => {
    if (busyId) return;
    setBusyId(mail.id);
    try {
      await api.post(apiPath(adminOpsApi.retryMail, { id: mail.id }));
      setMessage({ tone: "ok", text: t("retried", { recipient: mail.recipient }) });
      onRetried();
    } catch (error) {
      const problem = isApiProblem(error) ? error : ApiProblem.network();
      setMessage({ tone: "error", text: t("retryFailed", { message: errorText(problem) }) });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <>
      <h3 id="failing-mails-heading" className="mt-6 font-semibold text-slate-900">
        {t("heading")}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t("note")}</p>
      <p role="status" className={message ? "mt-2" : "sr-only"}>
        {message && (
          <span className={message.tone === "ok" ? "text-green-800" : "text-red-800"}>{message.text}</span>
        )}
      </p>
      {mails.length === 0 ? (
        <p className="mt-2 text-slate-700">{t("none")}</p>
      ) : (
        <Table caption={t("caption")} captionHidden regionLabel={t("heading")} minWidth="min-w-[48rem]">
          <TableColumns keys={COLUMNS} label={(column) => t(column)}>
            <Th>
              <span className="sr-only">{t("retry")}</span>
            </Th>
          </TableColumns>
          <TableBody>
            {mails.map((mail) => (
              <tr key={mail.id}>
                <Td className="break-all">{mail.recipient}</Td>
                <Td>{mail.subject}</Td>
                <Td className="font-semibold">{t(`stateValue.${mail.state}`)}</Td>
                <Td className="tabular-nums">{mail.attempts}</Td>
                <Td className="font-mono text-xs break-words">{mail.lastError ?? ""}</Td>
                <Td className="font-mono text-xs whitespace-nowrap">{mail.lastAttemptAt ?? ""}</Td>
                <Td>
                  {mail.state === "failed" && (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t("retryLabel", { recipient: mail.recipient })}
                      aria-disabled={busyId !== null}
                      loading={busyId === mail.id}
                      onClick={() => void retry(mail)}
                    >
                      {busyId === mail.id ? t("retrying") : t("retry")}
                    </Button>
                  )}
                </Td>
              </tr>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
