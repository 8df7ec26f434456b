"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { linkClass } from "@/components/ui/styles";
import { apiPath } from "@/lib/api/endpoint";
import { partnerApi } from "@/lib/api/partner";
import { payoutRunDetailSchema } from "../admin-schemas.lazy";
import { LoadingNote, RetryAlert } from "../shared/admin-card";
import { useRefreshable } from "../shared/use-refreshable";
import { useEuros } from "./payout-format";
import { usePartnerFailure } from "./use-partner-failure";

/**
 * A run's transfers, loaded when they are first shown: who gets how much, to the account ending
 * in which four characters (the API never gives the whole IBAN). The holder links to the
 * member's page where the member still exists.
 */
export function PayoutTransfers({ id, runId, title }: { id: string; runId: string; title: string }) {
  const t = useTranslations("AdminPartner");
  const failureText = usePartnerFailure();
  const euros = useEuros();
  const detail = useRefreshable(apiPath(partnerApi.payout, { id: runId }), payoutRunDetailSchema);
  const { reload } = detail;
  useEffect(() => {
    void reload();
  }, [reload]);

  const items = detail.data?.items;
  return (
    <div id={id} className="mt-3" aria-busy={detail.loading}>
      <LoadingNote loading={detail.loading} text={t("loading")} />
      {detail.loading && !items && (
        <p aria-hidden="true" className="text-sm text-slate-700">
          {t("loading")}
        </p>
      )}
      {detail.error && (
        <RetryAlert
          spaced={false}
          message={t("payouts.transfersLoadFailed", { reason: failureText(detail.error) })}
          onRetry={() => void reload()}
          retrying={detail.loading}
        />
      )}
      {items &&
        (items.length === 0 ? (
          <p className="text-sm text-slate-700">{t("payouts.noTransfers")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="payout-transfers">
              <caption className="sr-only">{t("payouts.transfersCaption", { title })}</caption>
              <thead className="border-b border-slate-300 text-slate-700">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("payouts.holder")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("payouts.ibanEnd")}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {t("payouts.amount")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {items.map((item, index) => (
                  <tr key={item.partnerUserId ?? `item-${index}`}>
                    <td className="py-2 pr-3 break-words text-slate-900">
                      {item.partnerUserId ? (
                        <Link
                          href={`/admin/user-management/view/${encodeURIComponent(item.partnerUserId)}`}
                          className={linkClass}
                        >
                          {item.accountHolder}
                        </Link>
                      ) : (
                        item.accountHolder
                      )}
                    </td>
                    <td className="py-2 pr-3 font-mono whitespace-nowrap text-slate-900">…{item.ibanEnd}</td>
                    <td className="py-2 text-right font-medium whitespace-nowrap text-slate-900">
                      {euros(item.amountCents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </div>
  );
}
