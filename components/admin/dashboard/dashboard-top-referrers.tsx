"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { linkClass } from "@/components/ui/styles";
import { Table, TableBody, TableHead, Td, Th } from "@/components/ui/table";
import type { ApiLoad } from "@/lib/api/problem";
import type { topReferrersSchema as TopReferrersSchema } from "@/lib/schemas/referral-tree";
import { topReferrersSchema } from "../admin-schemas.lazy";
import { AdminCard } from "../shared/admin-card";
import { DASHBOARD_PATHS } from "../shared/dashboard-paths";
import { useRefreshableCard } from "../shared/use-refreshable";

type TopReferrers = z.infer<typeof TopReferrersSchema>;

/**
 * The ten members whose links brought the most approved members (then the most registrations),
 * each linked to their admin view; loaded with the page, retried in place when that failed.
 */
export function DashboardTopReferrers({ initial }: { initial: ApiLoad<TopReferrers> }) {
  const t = useTranslations("AdminArea.topReferrers");
  const { data, loading, failure } = useRefreshableCard(
    DASHBOARD_PATHS.topReferrers,
    topReferrersSchema,
    initial,
    (reason) => t("failed", { reason }),
  );
  const referrers = data?.referrers;

  return (
    <AdminCard
      headingId="top-referrers-heading"
      heading={t("heading")}
      hint={t("intro")}
      loading={loading}
      failure={failure}
      empty={referrers?.length === 0 && t("empty")}
    >
      {referrers && referrers.length > 0 && (
        <Table caption={t("caption")} captionHidden regionLabel={t("region")}>
          <TableHead>
            <tr>
              <Th>{t("rank")}</Th>
              <Th>{t("member")}</Th>
              <Th className="text-right">{t("approved")}</Th>
              <Th className="text-right">{t("registered")}</Th>
            </tr>
          </TableHead>
          <TableBody>
            {referrers.map((referrer, index) => (
              <tr key={referrer.id}>
                <Td className="tabular-nums">{index + 1}</Td>
                <Td className="min-w-48">
                  <Link
                    href={`/admin/user-management/view/${encodeURIComponent(referrer.id)}`}
                    className={`${linkClass} break-words`}
                  >
                    {referrer.name ?? referrer.email}
                  </Link>
                  {referrer.name && <span className="block break-all text-slate-700">{referrer.email}</span>}
                </Td>
                <Td className="text-right tabular-nums">{referrer.approved}</Td>
                <Td className="text-right tabular-nums">{referrer.registered}</Td>
              </tr>
            ))}
          </TableBody>
        </Table>
      )}
    </AdminCard>
  );
}
