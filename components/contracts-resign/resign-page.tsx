import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadResignData } from "@/components/onboarding/sign-contract/signing-data.server";
import { SigningFrame } from "@/components/onboarding/sign-contract/signing-frame";
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
    <SigningFrame
      name="resign"
      titleId="resign-contract-title"
      title={t("title")}
      backLabel={t("backToDashboard")}
    >
      <ResignView accountType={accountType} initial={initial} />
    </SigningFrame>
  );
}
