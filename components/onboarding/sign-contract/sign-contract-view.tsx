"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Section } from "@/components/ui/section";
import { REDIRECT_DELAY_MS } from "@/lib/constants";
import { useDashboardRedirect } from "../use-dashboard-redirect";
import { OnlineSigningForm } from "./online-signing-form";
import { SignedContracts } from "./signed-contracts";
import { type SigningMode, SigningModeSwitch } from "./signing-mode-switch";
import { TemplateList } from "./template-list";
import { TemplatesLoadStatus } from "./templates-load-status";
import { UploadFinish } from "./upload-finish";
import { type MemberTemplates, type SigningViewProps, useContractData } from "./use-contract-data";

/**
 * The sign-contract page's content: templates, then signing online or by upload. `initial` is
 * the server's load for the first render (null when it failed: the browser then loads).
 */
export function SignContractView({ accountType, initial }: SigningViewProps<MemberTemplates>) {
  const t = useTranslations("SignContract");
  const { templates, signed, reload, reloadSigned } = useContractData(initial);
  const { redirecting, redirectToDashboard } = useDashboardRedirect();
  const [mode, setMode] = useState<SigningMode>("online");

  if (templates.status !== "ready") {
    return (
      <TemplatesLoadStatus
        failed={templates.status === "failed"}
        loadingText={t("loading")}
        failedText={t("loadFailed")}
        onRetry={() => void reload()}
      />
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
        <Section id="contract-templates" title={t("templates.heading")} className="space-y-3">
          <TemplateList
            templates={list}
            accountType={accountType}
            uploadMode={mode === "upload" && !completed}
            disabled={redirecting}
            onUploaded={refreshQuietly}
          />
        </Section>
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
