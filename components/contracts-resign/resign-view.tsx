"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { api } from "@/components/api/client";
import { resignTemplatesResponseSchema } from "@/components/onboarding/onboarding-schemas.lazy";
import { OnlineSigningForm } from "@/components/onboarding/sign-contract/online-signing-form";
import { SignedContracts } from "@/components/onboarding/sign-contract/signed-contracts";
import {
  type SigningMode,
  SigningModeSwitch,
} from "@/components/onboarding/sign-contract/signing-mode-switch";
import { TemplateList } from "@/components/onboarding/sign-contract/template-list";
import { TemplatesLoadStatus } from "@/components/onboarding/sign-contract/templates-load-status";
import {
  type ResignTemplates,
  type SigningViewProps,
  useTemplatesAndSigned,
} from "@/components/onboarding/sign-contract/use-contract-data";
import { useDashboardRedirect } from "@/components/onboarding/use-dashboard-redirect";
import { Section } from "@/components/ui/section";
import { linkClass } from "@/components/ui/styles";
import { contractApi } from "@/lib/api/contracts";
import { apiPath } from "@/lib/api/endpoint";
import { ResignItems } from "./resign-items";

/** The templates to sign again (contractApi.resignList); they are not per language. */
const fetchResignTemplates = () => api.get(apiPath(contractApi.resignList), resignTemplatesResponseSchema);

/**
 * The re-sign page's content: what is to be signed again, then signing online or by upload.
 * `initial` is the server's load for the first render (null when it failed: the browser loads).
 */
export function ResignView({ accountType, initial }: SigningViewProps<ResignTemplates>) {
  const t = useTranslations("ContractResign");
  const tSign = useTranslations("SignContract");
  const {
    templates: load,
    signed,
    reload,
    reloadSigned,
  } = useTemplatesAndSigned(fetchResignTemplates, initial);
  const { redirecting, redirectToDashboard } = useDashboardRedirect();
  const [mode, setMode] = useState<SigningMode>("online");
  // Whether this visit found something to sign: an empty list afterwards means it is all done.
  const hadTemplates = useRef(false);

  if (load.status !== "ready") {
    return (
      <TemplatesLoadStatus
        failed={load.status === "failed"}
        loadingText={t("loading")}
        failedText={t("loadFailed")}
        onRetry={() => void reload()}
      />
    );
  }

  const list = load.templates;
  if (list.length > 0) hadTemplates.current = true;
  const refreshQuietly = () => void reload({ quiet: true });
  const signedList = (
    <SignedContracts contracts={signed.contracts} loadedAt={signed.loadedAt} reload={reloadSigned} />
  );

  if (list.length === 0) {
    return (
      <div className="space-y-6">
        <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
          {hadTemplates.current ? t("done") : t("nothing")}
        </p>
        <Link href="/dashboard" className={linkClass}>
          {tSign("backToDashboard")}
        </Link>
        {signedList}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <p className="text-slate-700">{t("intro")}</p>
      <ResignItems templates={list} className="list-disc space-y-1 pl-5 text-slate-800" />

      <SigningModeSwitch name="contract-resign-mode" mode={mode} disabled={redirecting} onChange={setMode} />

      <Section id="contract-templates" title={t("heading")} className="space-y-3">
        {mode === "upload" && <p className="text-sm text-slate-700">{t("uploadHint")}</p>}
        <TemplateList
          templates={list.map((template) => ({ ...template, done: false }))}
          accountType={accountType}
          uploadMode={mode === "upload"}
          disabled={redirecting}
          onUploaded={refreshQuietly}
        />
      </Section>

      {mode === "online" && (
        <OnlineSigningForm
          accountType={accountType}
          canSign
          endpoint={contractApi.resign}
          onSigned={() => redirectToDashboard()}
          onNoTemplates={refreshQuietly}
        />
      )}

      {redirecting && (
        <p role="status" className="text-sm text-slate-700">
          {tSign("redirecting")}
        </p>
      )}

      {signedList}
    </div>
  );
}
