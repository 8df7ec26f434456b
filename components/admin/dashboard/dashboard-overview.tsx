"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import { linkClass } from "@/components/ui/styles";
import { AdminCard } from "../shared/admin-card";
import type { AdminDashboardData } from "../shared/admin-dashboard-data";
import { AdminStats } from "../shared/user-stats";
import { DashboardAuditLog } from "./dashboard-audit-log";
import { DashboardServerStatus } from "./dashboard-server-status";
import { DashboardTopReferrers } from "./dashboard-top-referrers";

/** A card that leads to another admin page: its heading, a line about it, then its links. */
function LinkCard({
  headingId,
  heading,
  text,
  children,
}: {
  headingId: string;
  heading: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <AdminCard headingId={headingId} heading={heading}>
      <p className="mt-1 text-slate-700">{text}</p>
      <div className="mt-4 flex flex-wrap items-center gap-4">{children}</div>
    </AdminCard>
  );
}

/**
 * The admin dashboard below the heading: warning, stats, the two area cards, server status and
 * the audit log. Every card comes with the server's first render; a card whose call failed
 * shows its own error and retry, the others are unaffected.
 */
export function DashboardOverview({ data }: { data: AdminDashboardData }) {
  const t = useTranslations("AdminArea.dashboard");
  return (
    <div className="space-y-6">
      <div className="rounded-2xl border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950 shadow">
        <p className="font-semibold">{t("warningTitle")}</p>
        <p className="mt-1">{t("warningText")}</p>
      </div>

      <AdminStats initial={data.stats} />

      <div className="grid gap-6 md:grid-cols-2">
        <LinkCard
          headingId="admin-users-card-heading"
          heading={t("usersCardTitle")}
          text={t("usersCardText")}
        >
          <Link href="/admin/user-management" className={linkClass}>
            {t("openUserManagement")}
          </Link>
          <Link href="/admin/verify-users" className={buttonClass({ size: "sm" })}>
            {t("verifyUsers")}
          </Link>
        </LinkCard>
        <LinkCard
          headingId="admin-permissions-card-heading"
          heading={t("permissionsCardTitle")}
          text={t("permissionsCardText")}
        >
          <Link href="/admin/permission-management" className={linkClass}>
            {t("openPermissionManagement")}
          </Link>
        </LinkCard>
      </div>

      <DashboardTopReferrers initial={data.topReferrers} />
      <DashboardServerStatus initial={data.serverStatus} />
      <DashboardAuditLog initial={data.audit} />
    </div>
  );
}
