"use client";

import { useTranslations } from "next-intl";
import { api } from "@/components/api/client";
import { recoveryCodesResponseSchema } from "@/components/profile/profile-schemas.lazy";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { notify } from "@/lib/notify";
import type { TotpSetup } from "@/lib/schemas/two-factor";
import { SecondFactorForm, type SecondFactorValues, type SubHeading } from "./second-factor-form";

/** "ABCDEFGH…" as groups of four, easier to read aloud and to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * Setting up: the new secret as a QR code and as text (for those who cannot scan), then the
 * current password and a code of the app to turn it on; `onEnabled` gets the recovery codes.
 */
export function TwoFactorSetup({
  sub: Sub,
  setup,
  onEnabled,
}: {
  sub: SubHeading;
  setup: TotpSetup;
  onEnabled: (codes: string[]) => void;
}) {
  const t = useTranslations("TwoFactor");

  const enable = async (values: SecondFactorValues) => {
    const answer = await api.post(apiPath(authApi.totpEnable), values, recoveryCodesResponseSchema);
    notify.success(t("enabled"));
    onEnabled(answer.recoveryCodes);
  };

  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <Sub className="font-medium text-slate-900">{t("scanTitle")}</Sub>
        <p className="text-sm text-slate-700">{t("scanHint")}</p>
        {/* A data URL made by our server: the secret never goes to a third party. */}
        {/* biome-ignore lint/performance/noImgElement: an inline data URL, nothing to optimise */}
        <img
          src={setup.qrCode}
          alt={t("qrAlt")}
          width={192}
          height={192}
          className="rounded-lg border border-slate-300 bg-white"
        />
        <p className="text-sm text-slate-800">
          {t("secretLabel")}:{" "}
          <code
            data-testid="totp-secret"
            className="break-all rounded bg-slate-100 px-2 py-1 font-mono text-slate-900 select-all"
          >
            {grouped(setup.secret)}
          </code>
        </p>
      </div>
      <SecondFactorForm kind="enable" sub={Sub} submit={enable} />
    </div>
  );
}
