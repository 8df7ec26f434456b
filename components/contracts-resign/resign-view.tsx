"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { OnlineSigningForm } from "@/components/onboarding/sign-contract/online-signing-form";
import { SignedContracts } from "@/components/onboarding/sign-contract/signed-contracts";
import {
  type SigningMode,
  SigningModeSwitch,
} from "@/components/onboarding/sign-contract/signing-mode-switch";
import { TemplateList } from "@/components/onboarding/sign-contract/template-list";
import { useDashboardRedirect } from "@/components/onboarding/use-dashboard-redirect";
import { Button } from "@/components/ui/button";
import { linkClass } from "@/components/ui/form-field";
import {
  type ContractDocument,
  contractListResponseSchema,
  type ResignTemplate,
  resignTemplatesResponseSchema,
} from "@/lib/schemas/contracts";

type AccountType = "personal" | "company";

/** As on the sign-contract page: at 768 px or less only the notice shows, decided by CSS. */
const MOBILE_ONLY = "hidden [@media(width<=768px)]:block";
const DESKTOP_ONLY = "[@media(width<=768px)]:hidden";

type Load = { status: "loading" } | { status: "failed" } | { status: "ready"; templates: ResignTemplate[] };

/** The re-sign page's content: what is to be signed again, then signing online or by upload. */
export function ResignView({ accountType }: { accountType: AccountType }) {
  const t = useTranslations("SignContract");
  return (
    <>
      <section
        aria-labelledby="resign-mobile-title"
        data-testid="resign-mobile"
        className={`${MOBILE_ONLY} rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950`}
      >
        <h2 id="resign-mobile-title" className="font-semibold">
          {t("mobile.title")}
        </h2>
        <p className="mt-1">{t("mobile.body")}</p>
      </section>
      <div className={DESKTOP_ONLY} data-testid="resign-desktop">
        <ResignArea accountType={accountType} />
      </div>
    </>
  );
}

/**
 * The templates to sign again (GET /api/contracts/resign) and the member's signed contracts
 * (GET /api/contracts/mine), loaded again after every upload, so what is left is the API's word.
 */
function useResignData() {
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [signed, setSigned] = useState<{ contracts: ContractDocument[]; loadedAt: number }>({
    contracts: [],
    loadedAt: 0,
  });
  const generation = useRef(0);

  const fetchSigned = useCallback(
    async () => (await api.get("/api/contracts/mine", contractListResponseSchema)).contracts,
    [],
  );

  const reload = useCallback(
    async ({ quiet = false }: { quiet?: boolean } = {}) => {
      const current = ++generation.current;
      if (!quiet) setLoad({ status: "loading" });
      const [templates, contracts] = await Promise.allSettled([
        api.get("/api/contracts/resign", resignTemplatesResponseSchema),
        fetchSigned(),
      ]);
      if (current !== generation.current) return;
      setLoad(
        templates.status === "fulfilled"
          ? { status: "ready", templates: templates.value.templates }
          : { status: "failed" },
      );
      if (contracts.status === "fulfilled") setSigned({ contracts: contracts.value, loadedAt: Date.now() });
    },
    [fetchSigned],
  );

  const reloadSigned = useCallback(async () => {
    const contracts = await fetchSigned();
    setSigned({ contracts, loadedAt: Date.now() });
    return contracts;
  }, [fetchSigned]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { load, signed, reload, reloadSigned };
}

function ResignArea({ accountType }: { accountType: AccountType }) {
  const t = useTranslations("ContractResign");
  const tSign = useTranslations("SignContract");
  const { load, signed, reload, reloadSigned } = useResignData();
  const { redirecting, redirectToDashboard } = useDashboardRedirect();
  const [mode, setMode] = useState<SigningMode>("online");
  // Whether this visit found something to sign: an empty list afterwards means it is all done.
  const hadTemplates = useRef(false);

  if (load.status === "loading") {
    return (
      <p role="status" className="text-slate-700">
        {t("loading")}
      </p>
    );
  }
  if (load.status === "failed") {
    return (
      <div className="space-y-3">
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {t("loadFailed")}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void reload()}>
          {tSign("retry")}
        </Button>
      </div>
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
      <ul className="list-disc space-y-1 pl-5 text-slate-800">
        {list.map((template) => (
          <li key={template.id}>
            {t("item", { name: template.name, signed: template.signedVersion, version: template.version })}
          </li>
        ))}
      </ul>

      <SigningModeSwitch name="contract-resign-mode" mode={mode} disabled={redirecting} onChange={setMode} />

      <section aria-labelledby="contract-templates-heading" className="space-y-3">
        <h2 id="contract-templates-heading" className="text-lg font-semibold text-slate-900">
          {t("heading")}
        </h2>
        {mode === "upload" && <p className="text-sm text-slate-700">{t("uploadHint")}</p>}
        <TemplateList
          templates={list.map((template) => ({ ...template, done: false }))}
          accountType={accountType}
          uploadMode={mode === "upload"}
          disabled={redirecting}
          onUploaded={refreshQuietly}
        />
      </section>

      {mode === "online" && (
        <OnlineSigningForm
          accountType={accountType}
          canSign
          endpoint="/api/contracts/resign"
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
