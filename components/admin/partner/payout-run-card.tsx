"use client";

import { useTranslations } from "next-intl";
import { Fragment, type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { Button } from "@/components/ui/button";
import { filenameFromDisposition, saveBlob } from "@/components/ui/save-download";
import { apiPath } from "@/lib/api/endpoint";
import { partnerApi } from "@/lib/api/partner";
import { ApiProblem, readApiError } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import type { payoutRunListSchema } from "@/lib/schemas/partner";
import { useEuros, usePayoutDates } from "./payout-format";
import { PayoutTransfers } from "./payout-transfers";
import { usePayoutFailure } from "./use-payout-failure";

export type PayoutRun = z.infer<typeof payoutRunListSchema>["payouts"][number];

const badge = "inline-block rounded-full px-2 py-0.5 text-xs font-semibold";
const statusClass: Record<PayoutRun["status"], string> = {
  prepared: "bg-amber-100 text-amber-900",
  executed: "bg-green-100 text-green-900",
  cancelled: "bg-slate-100 text-slate-800",
};

/** "Payout run of Dec 7, 2026, 10:15 AM": a run's name on its card and in its dialogs. */
export function usePayoutRunTitle() {
  const t = useTranslations("AdminPartner.payouts");
  const { moment } = usePayoutDates();
  return (run: PayoutRun) => t("runTitle", { date: moment(run.createdAt)?.text ?? run.messageId });
}

/**
 * One run as a card that stays readable at 390 px: its status, reference (the SEPA message id
 * the bank shows), dates, number of transfers and total, the button that shows its transfers
 * and, while it is prepared, the SEPA file's download and the buttons that mark it executed or
 * cancel it (the parent confirms those first). The run just prepared opens with its transfers
 * shown and takes the focus on its heading.
 */
export function PayoutRunCard({
  run,
  fresh,
  registerHeading,
  onExecute,
  onCancel,
}: {
  run: PayoutRun;
  fresh: boolean;
  /** The card's heading, where focus goes once a dialog about the run has closed. */
  registerHeading: (runId: string, element: HTMLHeadingElement | null) => void;
  onExecute: (run: PayoutRun) => void;
  onCancel: (run: PayoutRun) => void;
}) {
  const t = useTranslations("AdminPartner.payouts");
  const euros = useEuros();
  const { moment, day } = usePayoutDates();
  const title = usePayoutRunTitle()(run);
  const id = useId();
  const headingId = `${id}-heading`;
  const transfersId = `${id}-transfers`;
  const [showTransfers, setShowTransfers] = useState(fresh);
  const focusTarget = useRef<HTMLHeadingElement | null>(null);

  useEffect(() => {
    if (fresh) focusTarget.current?.focus();
  }, [fresh]);

  const when = (value: { text: string; iso: string } | null) =>
    value && <time dateTime={value.iso}>{value.text}</time>;
  /** Each fact: its term, its value and how the value is set. */
  const facts: [string, ReactNode, string?][] = [
    [t("reference"), run.messageId, "font-mono break-all"],
    [t("createdAt"), when(moment(run.createdAt))],
    [t("executionDate"), when(day(run.executionDate))],
    [t("transferCount"), run.itemCount],
    [t("total"), euros(run.totalCents), "font-semibold"],
  ];
  if (run.executedAt) facts.push([t("executedAt"), when(moment(run.executedAt))]);
  if (run.cancelledAt) facts.push([t("cancelledAt"), when(moment(run.cancelledAt))]);

  return (
    <li className="rounded-xl border border-slate-200 p-4" data-payout-run-id={run.id}>
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center gap-2">
          <h3
            id={headingId}
            ref={(element) => {
              focusTarget.current = element;
              registerHeading(run.id, element);
            }}
            tabIndex={-1}
            className="font-semibold break-words text-slate-900 focus:outline-none"
          >
            {title}
          </h3>
          <span className={`${badge} ${statusClass[run.status]}`}>{t(`status.${run.status}`)}</span>
        </div>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {facts.map(([term, value, valueClass]) => (
            <Fragment key={term}>
              <dt className="text-slate-700">{term}</dt>
              <dd className={`text-slate-900${valueClass ? ` ${valueClass}` : ""}`}>{value}</dd>
            </Fragment>
          ))}
        </dl>
        {run.status === "prepared" && (
          <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("openNote")}</p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {run.status === "prepared" && (
            <>
              <DownloadSepaButton run={run} describedBy={headingId} />
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onExecute(run)}
                aria-describedby={headingId}
              >
                {t("execute")}
              </Button>
              <Button variant="danger" size="sm" onClick={() => onCancel(run)} aria-describedby={headingId}>
                {t("cancelRun")}
              </Button>
            </>
          )}
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showTransfers}
            aria-controls={showTransfers ? transfersId : undefined}
            aria-describedby={headingId}
            onClick={() => setShowTransfers((shown) => !shown)}
          >
            {showTransfers ? t("hideTransfers") : t("showTransfers")}
          </Button>
        </div>
        {showTransfers && <PayoutTransfers id={transfersId} runId={run.id} title={title} />}
      </article>
    </li>
  );
}

/**
 * The run's SEPA file, fetched through the API client (so an expired access token is renewed
 * first, which a plain link cannot do) and handed to the browser as the file the API names.
 * A refusal is said in a toast: a cancelled run's file is gone.
 */
function DownloadSepaButton({ run, describedBy }: { run: PayoutRun; describedBy: string }) {
  const t = useTranslations("AdminPartner.payouts");
  const failureText = usePayoutFailure();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const response = await api.fetch(apiPath(partnerApi.payoutSepa, { id: run.id }));
      if (!response.ok) {
        const error = await readApiError(response);
        notify.error(
          error.status === 410 ? t("downloadGone") : t("downloadFailed", { reason: failureText(error) }),
        );
        return;
      }
      const name = filenameFromDisposition(response.headers.get("content-disposition"));
      saveBlob(await response.blob(), name ?? `${run.messageId}.xml`);
    } catch {
      notify.error(t("downloadFailed", { reason: failureText(ApiProblem.network()) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button size="sm" loading={busy} onClick={() => void download()} aria-describedby={describedBy}>
      {busy ? t("downloading") : t("download")}
    </Button>
  );
}
