"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/components/api/client";
import { useAuth } from "@/components/auth/auth-provider";
import { totpSetupResponseSchema } from "@/components/profile/profile-schemas.lazy";
import { Button } from "@/components/ui/button";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { notify } from "@/lib/notify";
import type { TotpSetup, TotpStatus } from "@/lib/schemas/two-factor";
import { PanelHeading } from "./panel-heading";
import { RecoveryCodes } from "./recovery-codes";
import { type SubHeading, useFailureMessage } from "./second-factor-form";
import { TwoFactorEnabled } from "./two-factor-enabled";
import { TwoFactorSetup } from "./two-factor-setup";

type Heading = "h2" | "h3";

/**
 * Two-factor sign-in of the signed-in member: set up (QR code, the key as text for those who
 * cannot scan, a code to confirm), the ten recovery codes shown once with copy and download,
 * new recovery codes, and turning it off (members only: admins must keep it).
 */
export function TwoFactorPanel({
  initialStatus,
  heading: HeadingTag = "h3",
  adminContinue = false,
}: {
  initialStatus: TotpStatus | null;
  heading?: Heading;
  /** After setting up, offer the way on to the admin area (the page admins are sent to). */
  adminContinue?: boolean;
}) {
  const t = useTranslations("TwoFactor");
  const router = useRouter();
  const failureMessage = useFailureMessage();
  const [status, setStatus] = useState(initialStatus);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [preparing, setPreparing] = useState(false);
  const { logout } = useAuth();
  const sub: SubHeading = HeadingTag === "h2" ? "h3" : "h4";

  const startSetup = async () => {
    setPreparing(true);
    try {
      setSetup(await api.post(apiPath(authApi.totpSetup), undefined, totpSetupResponseSchema));
    } catch (error) {
      notify.error(failureMessage(error, t("setupFailed")));
    } finally {
      setPreparing(false);
    }
  };

  const showCodes = (codes: string[], next: TotpStatus) => {
    setRecoveryCodes(codes);
    setStatus(next);
    setSetup(null);
  };

  return (
    <section aria-labelledby="two-factor-heading" className="space-y-4">
      <PanelHeading
        id="two-factor-heading"
        as={HeadingTag}
        title={t("heading")}
        description={t("description")}
      />
      {!status ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {t("loadError")}
        </p>
      ) : recoveryCodes ? (
        <RecoveryCodes
          sub={sub}
          codes={recoveryCodes}
          adminContinue={adminContinue}
          onDone={() => {
            setRecoveryCodes(null);
            router.refresh();
          }}
        />
      ) : !status.enabled ? (
        <>
          {status.required && (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("requiredNotice")}</p>
          )}
          <p className="text-slate-800">{t("statusOff")}</p>
          {setup ? (
            <TwoFactorSetup
              sub={sub}
              setup={setup}
              onEnabled={(codes) =>
                showCodes(codes, {
                  ...status,
                  enabled: true,
                  enabledAt: new Date().toISOString(),
                  recoveryCodesLeft: codes.length,
                  sessionSecondFactor: true,
                })
              }
            />
          ) : (
            <Button onClick={() => void startSetup()} loading={preparing}>
              {preparing ? t("settingUp") : t("setUp")}
            </Button>
          )}
        </>
      ) : (
        <>
          {adminContinue && status.required && !status.sessionSecondFactor && (
            // On, but this browser signed in without the code (before it was required of this
            // account): the API keeps the admin area closed to the session until it proves it.
            <div className="space-y-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              <p>{t("signInAgainNotice")}</p>
              <Button variant="secondary" onClick={() => void logout()}>
                {t("signInAgain")}
              </Button>
            </div>
          )}
          <TwoFactorEnabled
            sub={sub}
            status={status}
            onCodes={(codes) => showCodes(codes, { ...status, recoveryCodesLeft: codes.length })}
            onDisabled={() => {
              setStatus({ ...status, enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
              router.refresh();
            }}
          />
        </>
      )}
    </section>
  );
}
