"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import { linkClass } from "@/components/ui/form-field";
import type { AdminDashboardData } from "./admin-dashboard-data";
import { DashboardAuditLog } from "./dashboard-audit-log";
import { DashboardServerStatus } from "./dashboard-server-status";
import { AdminStats } from "./dashboard-stats";
import { DashboardTopReferrers } from "./dashboard-top-referrers";
import { AdminCard } from "./dashboard-ui";

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
        <AdminCard headingId="admin-users-card-heading" heading={t("usersCardTitle")}>
          <p className="mt-1 text-slate-700">{t("usersCardText")}</p>
          <div className="mt-4 flex flex-wrap items-center gap-4">
            <Link href="/admin/user-management" className={linkClass}>
              {t("openUserManagement")}
            </Link>
            <Link href="/admin/verify-users" className={buttonClass({ size: "sm" })}>
              {t("verifyUsers")}
            </Link>
          </div>
        </AdminCard>
        <AdminCard headingId="admin-permissions-card-heading" heading={t("permissionsCardTitle")}>
          <p className="mt-1 text-slate-700">{t("permissionsCardText")}</p>
          <div className="mt-4">
            <Link href="/admin/permission-management" className={linkClass}>
              {t("openPermissionManagement")}
            </Link>
          </div>
        </AdminCard>
      </div>

      <DashboardTopReferrers initial={data.topReferrers} />
      <DashboardServerStatus initial={data.serverStatus} />
      <DashboardAuditLog initial={data.audit} />
    </div>
  );
}
