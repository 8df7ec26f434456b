"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { ApiProblem, isApiProblem } from "@/components/api/problem";
import { buttonClass } from "@/components/ui/button";
import type { failingMailSchema } from "@/lib/schemas/admin";
import { adminTableRegionClass, useAdminErrorText } from "./dashboard-ui";

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
      await api.post(`/api/admin/mail/${encodeURIComponent(mail.id)}/retry`);
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
        <section
          aria-labelledby="failing-mails-heading"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          className={adminTableRegionClass}
        >
          <table className="w-full min-w-[48rem] border-collapse text-left text-sm">
            <caption className="sr-only">{t("caption")}</caption>
            <thead className="bg-slate-50 text-slate-800">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-semibold">
                    {t(column)}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{t("retry")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {mails.map((mail) => (
                <tr key={mail.id} className="border-t border-slate-200 align-top text-slate-800">
                  <td className="px-3 py-2 break-all">{mail.recipient}</td>
                  <td className="px-3 py-2">{mail.subject}</td>
                  <td className="px-3 py-2 font-semibold">{t(`stateValue.${mail.state}`)}</td>
                  <td className="px-3 py-2 tabular-nums">{mail.attempts}</td>
                  <td className="px-3 py-2 font-mono text-xs break-words">{mail.lastError ?? ""}</td>
                  <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">
                    {mail.lastAttemptAt ?? ""}
                  </td>
                  <td className="px-3 py-2">
                    {mail.state === "failed" && (
                      <button
                        type="button"
                        className={buttonClass({ variant: "secondary", size: "sm" })}
                        aria-label={t("retryLabel", { recipient: mail.recipient })}
                        aria-disabled={busyId !== null}
                        onClick={() => void retry(mail)}
                      >
                        {busyId === mail.id ? t("retrying") : t("retry")}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}
