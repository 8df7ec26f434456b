import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { MemberPage } from "@/components/layout/member-page";
import { buttonClass } from "@/components/ui/button";
import { Card, cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageLinks } from "@/components/ui/page-links";
import { apiPath } from "@/lib/api/endpoint";
import { partnerApi } from "@/lib/api/partner";
import { type CommissionState, EARNINGS_PAGE_SIZE, earningsSchema } from "@/lib/schemas/partner";
import { apiLoadAsUser } from "@/web/api-server";
import { archivePages, pageLink } from "../news/news-pages";

const pageHref = (page: number) => (page === 1 ? "/earnings" : `/earnings?page=${page}`);
const pagerLinkClass = buttonClass({ variant: "secondary", size: "sm" });

const stateClass: Record<CommissionState, string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-green-100 text-green-900",
  paid: "bg-brand-50 text-brand-800",
  reversed: "bg-slate-100 text-slate-800",
};

/**
 * What the member earned through the people they invited: the totals as the ledger sums them
 * (held, payable, paid out) and each commission with its order's day and amount, newest first,
 * a page at a time. Never who bought: the member sees no more of their invitees than the
 * referral funnel shows. Amounts and dates in the page's language.
 */
export async function EarningsOverview({ page }: { page: number }) {
  const t = await getTranslations("Earnings");
  const format = await getFormatter();
  const answer = await apiLoadAsUser(apiPath(partnerApi.earnings, { page }), earningsSchema);
  const result = answer.ok ? answer.data : null;
  const pages = result
    ? archivePages({ page: result.page, pageSize: EARNINGS_PAGE_SIZE, total: result.total })
    : null;
  const money = (cents: number) => format.number(cents / 100, { style: "currency", currency: "EUR" });
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium" });

  return (
    <MemberPage
      id="earnings-title"
      title={t("title")}
      description={t("intro")}
      backLabel={t("backToDashboard")}
    >
      {!result ? (
        <p role="alert" className={cardClass({ className: "text-red-800" })}>
          {t("failed")}
        </p>
      ) : (
        <>
          <Card as="section" aria-labelledby="earnings-totals">
            <h2 id="earnings-totals" className="text-lg font-semibold text-slate-900">
              {t("totals.heading")}
            </h2>
            <dl className="mt-4 grid gap-4 sm:grid-cols-3" data-testid="earnings-totals">
              {(
                [
                  ["pending", result.totals.pendingCents],
                  ["approved", result.totals.approvedCents],
                  ["paid", result.totals.paidCents],
                ] as const
              ).map(([key, cents]) => (
                <div key={key} className="rounded-lg border border-slate-200 p-4">
                  <dt className="text-sm font-medium text-slate-700">{t(`totals.${key}`)}</dt>
                  <dd className="mt-1 text-2xl font-semibold text-slate-900" data-testid={`earnings-${key}`}>
                    {money(cents)}
                  </dd>
                  <dd className="mt-1 text-sm text-slate-700">{t(`totals.${key}Hint`)}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <Card as="section" aria-labelledby="earnings-entries">
            <h2 id="earnings-entries" className="text-lg font-semibold text-slate-900">
              {t("entries.heading")}
            </h2>
            {result.total === 0 ? (
              <div className="mt-4">
                <EmptyState title={t("entries.empty")}>{t("entries.emptyHint")}</EmptyState>
              </div>
            ) : result.entries.length === 0 ? (
              <div className="mt-4">
                <EmptyState
                  title={t("entries.beyondLast")}
                  action={
                    <Link href="/earnings" className={pagerLinkClass}>
                      {t("firstPage")}
                    </Link>
                  }
                />
              </div>
            ) : (
              <div className="mt-4 overflow-x-auto">
                <table className="w-full text-left" data-testid="earnings-table">
                  <caption className="sr-only">{t("entries.caption")}</caption>
                  <thead className="border-b border-slate-300 text-sm text-slate-700">
                    <tr>
                      <th scope="col" className="py-2 pr-4 font-medium">
                        {t("entries.orderDate")}
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right font-medium">
                        {t("entries.orderAmount")}
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right font-medium">
                        {t("entries.commission")}
                      </th>
                      <th scope="col" className="py-2 font-medium">
                        {t("entries.state")}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200">
                    {result.entries.map((entry) => (
                      <tr key={entry.id}>
                        <td className="py-2 pr-4 whitespace-nowrap">{day(entry.orderDate)}</td>
                        <td className="py-2 pr-4 text-right whitespace-nowrap">
                          {money(entry.orderAmountCents)}
                        </td>
                        <td className="py-2 pr-4 text-right font-medium whitespace-nowrap">
                          {money(entry.commissionCents)}
                        </td>
                        <td className="py-2">
                          <span
                            className={`rounded-full px-2 py-0.5 text-sm font-medium ${stateClass[entry.state]}`}
                          >
                            {t(`states.${entry.state}`)}
                          </span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {pages && result.total > EARNINGS_PAGE_SIZE && (
              <PageLinks
                label={t("pagesLabel")}
                pageOf={t("pageOf", { page: result.page, count: pages.pageCount })}
                previous={pageLink(pages.previous, pageHref, t("previous"))}
                next={pageLink(pages.next, pageHref, t("next"))}
              />
            )}
          </Card>
          <Card as="section" aria-labelledby="earnings-payouts">
            <h2 id="earnings-payouts" className="text-lg font-semibold text-slate-900">
              {t("payouts.heading")}
            </h2>
            {result.payouts.length === 0 ? (
              <p className="mt-2 text-slate-700">{t("payouts.empty")}</p>
            ) : (
              <table className="mt-4 w-full text-left" data-testid="earnings-payouts">
                <caption className="sr-only">{t("payouts.caption")}</caption>
                <thead className="border-b border-slate-300 text-sm text-slate-700">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t("payouts.date")}
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      {t("payouts.amount")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {result.payouts.map((payout) => (
                    <tr key={payout.id}>
                      <td className="py-2 pr-4">{day(payout.paidAt)}</td>
                      <td className="py-2 text-right font-medium">{money(payout.amountCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
        </>
      )}
    </MemberPage>
  );
}
