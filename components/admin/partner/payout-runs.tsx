"use client";

import { useTranslations } from "next-intl";
import { useCallback, useRef, useState } from "react";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { AlertDialog, useFocusAfterDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { apiPath } from "@/lib/api/endpoint";
import { partnerApi } from "@/lib/api/partner";
import { type ApiErrorInfo, type ApiLoad, ApiProblem, isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import type { payoutRunListSchema as PayoutRunListSchema } from "@/lib/schemas/partner";
import { payoutPreparedSchema, payoutRunListSchema } from "../admin-schemas.lazy";
import { AdminCard, LoadingNote } from "../shared/admin-card";
import { useRefreshableCard } from "../shared/use-refreshable";
import { useEuros } from "./payout-format";
import { type PayoutRun, PayoutRunCard, usePayoutRunTitle } from "./payout-run-card";
import { usePayoutFailure } from "./use-payout-failure";

type Confirming = { run: PayoutRun; action: "execute" | "cancel" };

/**
 * The payout runs, newest first (the server loaded them; asked for again through the API client
 * after a change, or to retry a failed load): the button that prepares a run, each run's card,
 * and the confirmations before a run is marked as executed (its transfers become paid and every
 * member in it is mailed) or cancelled. A refusal to prepare (nothing owed, payouts not
 * configured) is said in the card, in the page's language.
 */
export function PayoutRuns({ initial }: { initial: ApiLoad<z.infer<typeof PayoutRunListSchema>> }) {
  const t = useTranslations("AdminPartner");
  const failureText = usePayoutFailure();
  const euros = useEuros();
  const runTitle = usePayoutRunTitle();
  const list = useRefreshableCard(
    apiPath(partnerApi.payouts),
    payoutRunListSchema,
    initial,
    (reason) => t("payouts.loadFailed", { reason }),
    failureText,
  );
  const [preparing, setPreparing] = useState(false);
  // Kept as the error, worded while rendering: the text follows a switch of the language.
  const [prepareError, setPrepareError] = useState<ApiErrorInfo | null>(null);
  const [fresh, setFresh] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const headings = useRef(new Map<string, HTMLHeadingElement>());
  // A run that is executed or cancelled loses its buttons (the one that opened the dialog too):
  // focus goes to the run's heading once the dialog has closed.
  const focusAfterDialog = useFocusAfterDialog(Boolean(confirming));

  const registerHeading = useCallback((runId: string, element: HTMLHeadingElement | null) => {
    if (element) headings.current.set(runId, element);
    else headings.current.delete(runId);
  }, []);

  const prepare = async () => {
    if (preparing) return;
    setPreparing(true);
    setPrepareError(null);
    try {
      const prepared = await api.post(apiPath(partnerApi.createPayout), undefined, payoutPreparedSchema);
      notify.success(t("payouts.prepared", { count: prepared.itemCount, total: euros(prepared.totalCents) }));
      setFresh(prepared.id);
      await list.reload();
    } catch (error) {
      setPrepareError(isApiProblem(error) ? error : ApiProblem.network());
    } finally {
      setPreparing(false);
    }
  };

  const conclude = async ({ run, action }: Confirming): Promise<string | null> => {
    try {
      await api.post(
        apiPath(action === "execute" ? partnerApi.executePayout : partnerApi.cancelPayout, { id: run.id }),
      );
    } catch (error) {
      const problem = isApiProblem(error) ? error : ApiProblem.network();
      // Executed or cancelled meanwhile (another tab, another admin): the list catches up.
      // Its buttons go with it, so focus goes to its heading when the dialog is closed.
      if (problem.code === "PAYOUT_NOT_OPEN") {
        focusAfterDialog.current = headings.current.get(run.id) ?? null;
        void list.reload();
      }
      const reason = failureText(problem);
      return action === "execute"
        ? t("payouts.executeFailed", { reason })
        : t("payouts.cancelFailed", { reason });
    }
    focusAfterDialog.current = headings.current.get(run.id) ?? null;
    setConfirming(null);
    notify.success(action === "execute" ? t("payouts.executeDone") : t("payouts.cancelDone"));
    void list.reload();
    return null;
  };

  const runs = list.data?.payouts;
  return (
    <AdminCard
      headingId="payout-runs-heading"
      heading={t("payouts.heading")}
      hint={t("payouts.hint")}
      loading={list.loading}
      failure={list.failure}
      action={
        <Button size="sm" loading={preparing} onClick={() => void prepare()}>
          {preparing ? t("payouts.preparing") : t("payouts.prepare")}
        </Button>
      }
    >
      <LoadingNote loading={list.loading} text={t("loading")} />
      {prepareError && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 break-words text-red-800">
          {t("payouts.prepareFailed", { reason: failureText(prepareError) })}
        </p>
      )}
      {runs &&
        (runs.length === 0 ? (
          <div className="mt-4">
            <EmptyState title={t("payouts.empty")}>{t("payouts.emptyHint")}</EmptyState>
          </div>
        ) : (
          <ul className="mt-4 space-y-3" aria-label={t("payouts.listLabel")}>
            {runs.map((run) => (
              <PayoutRunCard
                key={run.id}
                run={run}
                fresh={run.id === fresh}
                registerHeading={registerHeading}
                onExecute={(chosen) => setConfirming({ run: chosen, action: "execute" })}
                onCancel={(chosen) => setConfirming({ run: chosen, action: "cancel" })}
              />
            ))}
          </ul>
        ))}

      {confirming?.action === "execute" && (
        <AlertDialog
          title={t("payouts.executeTitle")}
          cancelLabel={t("cancel")}
          confirmLabel={t("payouts.execute")}
          busyLabel={t("payouts.executing")}
          onCancel={() => setConfirming(null)}
          onConfirm={() => conclude(confirming)}
        >
          <p className="font-semibold">{runTitle(confirming.run)}</p>
          <p>{t("payouts.executeWhen")}</p>
          <p>
            {t("payouts.executeEffect", {
              count: confirming.run.itemCount,
              total: euros(confirming.run.totalCents),
            })}
          </p>
        </AlertDialog>
      )}
      {confirming?.action === "cancel" && (
        <AlertDialog
          title={t("payouts.cancelTitle")}
          cancelLabel={t("payouts.keep")}
          confirmLabel={t("payouts.cancelRun")}
          busyLabel={t("payouts.cancelling")}
          onCancel={() => setConfirming(null)}
          onConfirm={() => conclude(confirming)}
        >
          <p className="font-semibold">{runTitle(confirming.run)}</p>
          <p>{t("payouts.cancelEffect")}</p>
        </AlertDialog>
      )}
    </AdminCard>
  );
}
