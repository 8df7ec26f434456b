"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { z } from "zod";
import { useAuth } from "@/components/auth/auth-provider";
import { type Permission, permissionSchema } from "@/lib/schemas/admin";
import { adminCardClass, adminSecondaryButtonClass, loadJson, useAdminErrorText } from "./dashboard-ui";
import { PermissionForm } from "./permission-form";
import { PermissionTable } from "./permission-table";

const permissionListSchema = z.object({ permissions: z.array(permissionSchema) });

/** Spec §2 /admin/permission-management: the add form on top, the current permissions below. */
export function PermissionManagement() {
  const t = useTranslations("AdminArea.permissions");
  const tCommon = useTranslations("AdminArea.common");
  const { apiFetch } = useAuth();
  const errorText = useAdminErrorText();
  const [permissions, setPermissions] = useState<Permission[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);

  const load = useCallback(async () => {
    const current = ++generation.current;
    setLoading(true);
    const result = await loadJson(apiFetch, "/api/permissions", permissionListSchema);
    if (current !== generation.current) return;
    if (result.ok) {
      setPermissions(result.data.permissions);
      setError(null);
    } else {
      setError(errorText(result.error));
    }
    setLoading(false);
  }, [apiFetch, errorText]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="space-y-6">
      <section aria-labelledby="permission-form-heading" className={adminCardClass}>
        <h2 id="permission-form-heading" className="text-lg font-semibold text-slate-900">
          {t("form.heading")}
        </h2>
        <PermissionForm onCreated={() => void load()} />
      </section>

      <section aria-labelledby="permission-list-heading" aria-busy={loading} className={adminCardClass}>
        <h2 id="permission-list-heading" className="text-lg font-semibold text-slate-900">
          {t("table.heading")}
        </h2>
        <p role="status" className={loading ? "mt-1 text-slate-700" : "sr-only"}>
          {loading ? t("table.loading") : ""}
        </p>
        {error && (
          <div
            role="alert"
            className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-red-800"
          >
            <p className="break-words">{t("table.loadFailed", { message: error })}</p>
            <button type="button" className={adminSecondaryButtonClass} onClick={() => void load()}>
              {tCommon("retry")}
            </button>
          </div>
        )}
        {permissions &&
          (permissions.length > 0 ? (
            <PermissionTable permissions={permissions} />
          ) : (
            <p className="mt-3 text-slate-700">{t("table.empty")}</p>
          ))}
      </section>
    </div>
  );
}
