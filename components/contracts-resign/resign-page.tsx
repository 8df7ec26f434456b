import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { OnboardingPage } from "@/components/onboarding/onboarding-page";
import { DesktopOnly } from "@/components/onboarding/sign-contract/desktop-only";
import { loadResignData } from "@/components/onboarding/sign-contract/signing-data.server";
import { requireOnboardingSession } from "@/web/onboarding-server";
import { ResignView } from "./resign-view";

/** The title of `/personal-resign-contract` and `/company-resign-contract`. */
export async function resignContractMetadata(): Promise<Metadata> {
  const t = await getTranslations("ContractResign");
  return { title: t("title") };
}

/**
 * Signing a new contract version again. The page belongs to the account type like the signing
 * page does; the API decides what is to be signed and whether the member may sign.
 */
export async function ResignContractPage({ accountType }: { accountType: "personal" | "company" }) {
  await requireOnboardingSession(accountType);
  const [t, initial] = await Promise.all([getTranslations("ContractResign"), loadResignData()]);
  return (
    <OnboardingPage titleId="resign-contract-title" title={t("title")} backLabel={t("backToDashboard")} wide>
      <DesktopOnly name="resign">
        <ResignView accountType={accountType} initial={initial} />
      </DesktopOnly>
    </OnboardingPage>
  );
}
