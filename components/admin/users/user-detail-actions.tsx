"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { api } from "@/components/api/client";
import { useAuth } from "@/components/auth/auth-provider";
import { Button, buttonClass } from "@/components/ui/button";
import { adminUserApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import type { AdminUser } from "@/lib/schemas/admin";
import { reactivatedStatusSchema } from "../admin-schemas.lazy";
import { PermissionModal } from "../shared/permission-modal";
import { useAdminRefusalOr } from "../shared/use-admin-error-text";
import { DetailSection } from "../shared/user-detail-sections";
import { UserConfirmDialog } from "./user-confirm-dialog";
import { UserRoleForm } from "./user-detail-role-form";
import { UserTwoFactorReset } from "./user-two-factor-reset";

/** The admin's password reset for a user: one message per status. */
function resetMessageKey(status: number, code: string) {
  if (code === "NETWORK") return "network" as const;
  if (status === 401) return "unauthorized" as const;
  if (status === 403) return "forbidden" as const;
  if (status === 404) return "notFound" as const;
  if (status === 429 || code === "RATE_LIMITED") return "rateLimited" as const;
  return "failed" as const;
}

/**
 * The actions panel of /admin/user-management/profile/{id}: send a password reset link,
 * edit permissions in a modal, suspend (after a confirmation) or reactivate, download everything
 * stored about the user as JSON, and for super admins the role and resetting a lost second
 * factor. The audit trail has its own
 * section below.
 */
export function UserDetailActions({
  user,
  onPermissionsSaved,
  onUserChanged,
}: {
  user: Pick<AdminUser, "id" | "email" | "role" | "status" | "two_factor_enabled">;
  onPermissionsSaved: (permissions: string[]) => void;
  onUserChanged: (patch: Partial<Pick<AdminUser, "role" | "status" | "two_factor_enabled">>) => void;
}) {
  const t = useTranslations("AdminUser.actions");
  const tList = useTranslations("AdminArea.users");
  // The API's refusal (the last super admin, an admin's account) in the page's language.
  const refusalOr = useAdminRefusalOr();
  const { user: me } = useAuth();
  const exportHintId = useId();
  const [sending, setSending] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirmingSuspend, setConfirmingSuspend] = useState(false);
  const [reactivating, setReactivating] = useState(false);
  const member = { id: user.id };

  const sendPasswordReset = async () => {
    if (sending) return;
    setSending(true);
    try {
      await api.post(apiPath(adminUserApi.sendPasswordReset, { userId: user.id }));
      notify.success(t("reset.sent", { email: user.email }));
    } catch (error) {
      const key = isApiProblem(error) ? resetMessageKey(error.status, error.code) : "network";
      notify.error(t(`reset.${key}`));
    } finally {
      setSending(false);
    }
  };

  const suspend = async (): Promise<string | null> => {
    try {
      await api.post(apiPath(adminUserApi.suspend, member));
    } catch (error) {
      return refusalOr(error, tList("suspendFailed"));
    }
    setConfirmingSuspend(false);
    notify.success(tList("suspended", { email: user.email }));
    onUserChanged({ status: "suspended" });
    return null;
  };

  const reactivate = async () => {
    if (reactivating) return;
    setReactivating(true);
    try {
      // An unapproved member goes back to pending, not active: the API says which.
      const { status } = await api.post(
        apiPath(adminUserApi.reactivate, member),
        undefined,
        reactivatedStatusSchema,
      );
      notify.success(tList("reactivated", { email: user.email }));
      onUserChanged({ status });
    } catch (error) {
      notify.error(refusalOr(error, tList("reactivateFailed")));
    } finally {
      setReactivating(false);
    }
  };

  const suspended = user.status === "suspended";
  const mayChangeRole = me?.role === "super_admin" && me.id !== user.id;
  return (
    <DetailSection heading={t("heading")}>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" loading={sending} onClick={() => void sendPasswordReset()}>
          {sending ? t("reset.sending") : t("reset.button")}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
          {t("editPermissions")}
        </Button>
        {suspended ? (
          <Button variant="secondary" size="sm" loading={reactivating} onClick={() => void reactivate()}>
            {reactivating ? t("working") : t("reactivate")}
          </Button>
        ) : (
          <Button variant="danger" size="sm" onClick={() => setConfirmingSuspend(true)}>
            {t("suspend")}
          </Button>
        )}
        <a
          href={apiPath(adminUserApi.exportData, member)}
          download
          className={buttonClass({ variant: "secondary", size: "sm" })}
          aria-describedby={exportHintId}
        >
          {t("export")}
        </a>
        {mayChangeRole && user.two_factor_enabled === 1 && (
          <UserTwoFactorReset
            userId={user.id}
            email={user.email}
            onReset={() => onUserChanged({ two_factor_enabled: 0 })}
          />
        )}
      </div>
      <p id={exportHintId} className="mt-2 text-sm text-slate-700">
        {t("exportHint")}
      </p>
      {mayChangeRole && (
        <UserRoleForm
          key={user.role}
          userId={user.id}
          email={user.email}
          role={user.role}
          onChanged={(role) => onUserChanged({ role })}
        />
      )}
      {editing && (
        <PermissionModal
          userId={user.id}
          userLabel={user.email}
          onClose={() => setEditing(false)}
          onSaved={onPermissionsSaved}
        />
      )}
      {confirmingSuspend && (
        <UserConfirmDialog
          action="suspend"
          email={user.email}
          onCancel={() => setConfirmingSuspend(false)}
          onConfirm={suspend}
        />
      )}
    </DetailSection>
  );
}
