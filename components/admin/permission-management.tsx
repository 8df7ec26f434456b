"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { Permission } from "@/lib/schemas/admin";
import { adminCardClass } from "./dashboard-ui";
import { PermissionForm } from "./permission-form";
import { PermissionTable } from "./permission-table";

/**
 * /admin/permission-management: the add form on top, the current permissions below.
 * The page loads the list on the server (null when it could not); after a change the server
 * renders it anew.
 */
export function PermissionManagement({ permissions }: { permissions: Permission[] | null }) {
  const t = useTranslations("AdminArea.permissions");
  const tCommon = useTranslations("AdminArea.common");
  const router = useRouter();
  const [loading, startTransition] = useTransition();
  const reload = () => startTransition(() => router.refresh());

  return (
    <div className="space-y-6">
      <section aria-labelledby="permission-form-heading" className={adminCardClass}>
        <h2 id="permission-form-heading" className="text-lg font-semibold text-slate-900">
          {t("form.heading")}
        </h2>
        <PermissionForm onCreated={reload} />
      </section>

      <section aria-labelledby="permission-list-heading" aria-busy={loading} className={adminCardClass}>
        <h2 id="permission-list-heading" className="text-lg font-semibold text-slate-900">
          {t("table.heading")}
        </h2>
        <p role="status" className={loading ? "mt-1 text-slate-700" : "sr-only"}>
          {loading ? t("table.loading") : ""}
        </p>
        {!permissions && (
          <div
            role="alert"
            className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-red-800"
          >
            <p className="break-words">{t("table.loadFailed", { message: tCommon("invalidResponse") })}</p>
            <Button variant="secondary" size="sm" loading={loading} onClick={reload}>
              {tCommon("retry")}
            </Button>
          </div>
        )}
        {permissions &&
          (permissions.length > 0 ? (
            <PermissionTable permissions={permissions} />
          ) : (
            <div className="mt-3">
              <EmptyState title={t("table.empty")} />
            </div>
          ))}
      </section>
    </div>
  );
}
