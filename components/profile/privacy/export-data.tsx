"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/components/api/client";
import { exportTokenSchema } from "@/components/profile/profile-schemas.lazy";
import { Button } from "@/components/ui/button";
import { accountApi } from "@/lib/api/account";
import { apiPath } from "@/lib/api/endpoint";
import { notify } from "@/lib/notify";
import { PanelHeading } from "../security/panel-heading";
import { IdentityDialog } from "./identity-dialog";

/**
 * "Download my data": the password (and code) in a dialog buys a download token good once for a
 * few minutes; the browser then fetches the ZIP by navigating to it, so the file streams to disk
 * instead of being held in the page.
 */
export function ExportData({ twoFactor }: { twoFactor: boolean }) {
  const t = useTranslations("ProfilePrivacy.export");
  const [open, setOpen] = useState(false);

  const start = async (values: { currentPassword: string; code?: string }) => {
    const { token } = await api.post(apiPath(accountApi.requestExport), values, exportTokenSchema);
    const link = document.createElement("a");
    link.href = apiPath(accountApi.downloadExport, { token });
    link.download = "";
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    setOpen(false);
    notify.success(t("started"));
  };

  return (
    <section aria-labelledby="privacy-export-heading" className="space-y-3">
      <PanelHeading id="privacy-export-heading" title={t("heading")} description={t("description")} />
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t("button")}
      </Button>
      {open && (
        <IdentityDialog
          id="privacy-export"
          title={t("dialogTitle")}
          description={<p>{t("dialogBody")}</p>}
          submitLabel={t("submit")}
          submittingLabel={t("submitting")}
          failedLabel={t("failed")}
          twoFactor={twoFactor}
          onConfirm={start}
          onClose={() => setOpen(false)}
        />
      )}
    </section>
  );
}
