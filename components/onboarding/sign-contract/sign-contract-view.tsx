"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { REDIRECT_DELAY_MS } from "@/lib/constants";
import { useDashboardRedirect } from "../use-dashboard-redirect";
import { OnlineSigningForm } from "./online-signing-form";
import { SignedContracts } from "./signed-contracts";
import { type SigningMode, SigningModeSwitch } from "./signing-mode-switch";
import { TemplateList } from "./template-list";
import { UploadFinish } from "./upload-finish";
import { useContractData } from "./use-contract-data";

type AccountType = "personal" | "company";

/**
 * At 768 px or less only a notice shows. Decided by CSS, not by script, so the
 * first paint is already right: no canvas flashes up before a check runs.
 */
const MOBILE_ONLY = "hidden [@media(width<=768px)]:block";
const DESKTOP_ONLY = "[@media(width<=768px)]:hidden";

/** The sign-contract page's content: templates, then signing online or by upload. */
export function SignContractView({ accountType }: { accountType: AccountType }) {
  const t = useTranslations("SignContract");
  return (
    <>
      <section
        aria-labelledby="sign-contract-mobile-title"
        data-testid="sign-contract-mobile"
        className={`${MOBILE_ONLY} rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950`}
      >
        <h2 id="sign-contract-mobile-title" className="font-semibold">
          {t("mobile.title")}
        </h2>
        <p className="mt-1">{t("mobile.body")}</p>
      </section>
      <div className={DESKTOP_ONLY} data-testid="sign-contract-desktop">
        <SigningArea accountType={accountType} />
      </div>
    </>
  );
}

function SigningArea({ accountType }: { accountType: AccountType }) {
  const t = useTranslations("SignContract");
  const { templates, signed, reload, reloadSigned } = useContractData();
  const { redirecting, redirectToDashboard } = useDashboardRedirect();
  const [mode, setMode] = useState<SigningMode>("online");

  if (templates.status === "loading") {
    return (
      <p role="status" className="text-slate-700">
        {t("loading")}
      </p>
    );
  }
  if (templates.status === "failed") {
    return (
      <div className="space-y-3">
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {t("loadFailed")}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void reload()}>
          {t("retry")}
        </Button>
      </div>
    );
  }

  const list = templates.templates;
  const hasTemplates = list.length > 0;
  const completed =
    hasTemplates && templates.contractSignedAt !== null && list.every((template) => template.done);
  const refreshQuietly = () => void reload({ quiet: true });

  return (
    <div className="space-y-6">
      <p className="text-slate-700">{t("intro")}</p>
      {!hasTemplates && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {t("noTemplates")}
        </p>
      )}
      {completed && (
        <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
          {t("completed")}
        </p>
      )}

      {!completed && (
        <SigningModeSwitch name="contract-sign-mode" mode={mode} disabled={redirecting} onChange={setMode} />
      )}

      {hasTemplates && (
        <section aria-labelledby="contract-templates-heading" className="space-y-3">
          <h2 id="contract-templates-heading" className="text-lg font-semibold text-slate-900">
            {t("templates.heading")}
          </h2>
          <TemplateList
            templates={list}
            accountType={accountType}
            uploadMode={mode === "upload" && !completed}
            disabled={redirecting}
            onUploaded={refreshQuietly}
          />
        </section>
      )}

      {!completed &&
        (mode === "online" ? (
          <OnlineSigningForm
            accountType={accountType}
            canSign={hasTemplates}
            onSigned={() => redirectToDashboard()}
            onNoTemplates={refreshQuietly}
          />
        ) : (
          <section aria-labelledby="contract-upload-heading" className="space-y-3">
            <h2 id="contract-upload-heading" className="sr-only">
              {t("mode.upload")}
            </h2>
            <p className="text-sm text-slate-700">{t("upload.hint")}</p>
            <UploadFinish
              canFinish={hasTemplates}
              onFinished={() => redirectToDashboard(REDIRECT_DELAY_MS.afterContractBatch)}
              onIncomplete={refreshQuietly}
            />
          </section>
        ))}

      {redirecting && (
        <p role="status" className="text-sm text-slate-700">
          {t("redirecting")}
        </p>
      )}

      <SignedContracts contracts={signed.contracts} loadedAt={signed.loadedAt} reload={reloadSigned} />
    </div>
  );
}
