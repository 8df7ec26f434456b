"use client";

import { useTranslations } from "next-intl";
import { api } from "@/components/api/client";
import { recoveryCodesResponseSchema } from "@/components/profile/profile-schemas.lazy";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { notify } from "@/lib/notify";
import type { TotpStatus } from "@/lib/schemas/two-factor";
import { SecondFactorForm, type SubHeading } from "./second-factor-form";

/**
 * Two-factor sign-in on: the recovery codes left, new codes for a code, and turning it off with
 * the password and a code (members only: admins must keep it).
 */
export function TwoFactorEnabled({
  sub,
  status,
  onCodes,
  onDisabled,
}: {
  sub: SubHeading;
  status: TotpStatus;
  onCodes: (codes: string[]) => void;
  onDisabled: () => void;
}) {
  const t = useTranslations("TwoFactor");

  return (
    <>
      <p className="text-slate-800">
        {t("statusOn")} {t("codesLeft", { count: status.recoveryCodesLeft })}
      </p>
      <SecondFactorForm
        kind="regenerate"
        sub={sub}
        submit={async (values) => {
          const answer = await api.post(
            apiPath(authApi.totpRecoveryCodes),
            values,
            recoveryCodesResponseSchema,
          );
          onCodes(answer.recoveryCodes);
        }}
      />
      {status.required ? (
        <p className="text-sm text-slate-700">{t("adminCannotDisable")}</p>
      ) : (
        <SecondFactorForm
          kind="disable"
          sub={sub}
          submit={async (values) => {
            await api.post(apiPath(authApi.totpDisable), values);
            notify.success(t("disabled"));
            onDisabled();
          }}
        />
      )}
    </>
  );
}
