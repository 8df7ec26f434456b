"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { Card } from "@/components/ui/card";
import type { Permission } from "@/lib/schemas/admin";
import { ServerList } from "../shared/admin-card";
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
      <Card as="section" aria-labelledby="permission-form-heading" padding="compact" className="min-w-0">
        <h2 id="permission-form-heading" className="text-lg font-semibold text-slate-900">
          {t("form.heading")}
        </h2>
        <PermissionForm onCreated={reload} />
      </Card>

      <Card
        as="section"
        aria-labelledby="permission-list-heading"
        aria-busy={loading}
        padding="compact"
        className="min-w-0"
      >
        <h2 id="permission-list-heading" className="text-lg font-semibold text-slate-900">
          {t("table.heading")}
        </h2>
        <p role="status" className={loading ? "mt-1 text-slate-700" : "sr-only"}>
          {loading ? t("table.loading") : ""}
        </p>
        <ServerList
          items={permissions}
          failure={t("table.loadFailed", { message: tCommon("invalidResponse") })}
          empty={t("table.empty")}
          retrying={loading}
          onRetry={reload}
        >
          {(loaded) => <PermissionTable permissions={loaded} />}
        </ServerList>
      </Card>
    </div>
  );
}
