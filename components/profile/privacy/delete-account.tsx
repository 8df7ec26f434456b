"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/components/api/client";
import { useAuth } from "@/components/auth/auth-provider";
import { Button } from "@/components/ui/button";
import { accountApi } from "@/lib/api/account";
import { apiPath } from "@/lib/api/endpoint";
import { notify } from "@/lib/notify";
import { PanelHeading } from "../security/panel-heading";
import { IdentityDialog } from "./identity-dialog";

/**
 * "Delete my account", behind a dialog with the warning, the password and the code when on.
 * Once the API has erased the account, this browser's session is ended too and the member lands
 * on the login page with the notice. Admins are told to ask a super admin instead.
 */
export function DeleteAccount({ twoFactor, isAdmin }: { twoFactor: boolean; isAdmin: boolean }) {
  const t = useTranslations("ProfilePrivacy.delete");
  const { logout } = useAuth();
  const [open, setOpen] = useState(false);

  const erase = async (values: { currentPassword: string; code?: string }) => {
    await api.post(apiPath(accountApi.deleteAccount), values);
    setOpen(false);
    notify.success(t("done"));
    await logout({ silent: true });
  };

  return (
    <section aria-labelledby="privacy-delete-heading" className="space-y-3">
      <PanelHeading id="privacy-delete-heading" title={t("heading")} description={t("description")} />
      {isAdmin ? (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800">{t("adminNote")}</p>
      ) : (
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t("button")}
        </Button>
      )}
      {open && (
        <IdentityDialog
          id="privacy-delete"
          title={t("dialogTitle")}
          description={<p className="font-medium text-red-800">{t("warning")}</p>}
          submitLabel={t("submit")}
          submittingLabel={t("submitting")}
          failedLabel={t("failed")}
          variant="danger"
          twoFactor={twoFactor}
          onConfirm={erase}
          onClose={() => setOpen(false)}
        />
      )}
    </section>
  );
}
