import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { canSignContract } from "@/lib/schemas/onboarding";
import { dashboardWithNotice } from "@/web/notices";
import { getOnboardingStatus, requireOnboardingSession } from "@/web/onboarding-server";
import { SignContractView } from "./sign-contract-view";
import { loadContractSigningData } from "./signing-data.server";
import { SigningFrame } from "./signing-frame";

/**
 * The sign-contract page, once the three earlier steps are done: proxy.ts refuses the route
 * with its toast; this is the server's own check, and a failed status call counts as 'not
 * eligible'.
 */
export async function SignContractPage({ accountType }: { accountType: "personal" | "company" }) {
  await requireOnboardingSession(accountType);
  const status = await getOnboardingStatus();
  if (!status || !canSignContract(status)) redirect(dashboardWithNotice("sign-blocked"));
  const [t, initial] = await Promise.all([getTranslations("SignContract"), loadContractSigningData()]);
  return (
    <SigningFrame
      name="sign-contract"
      titleId="sign-contract-title"
      title={t("title")}
      backLabel={t("backToDashboard")}
    >
      <SignContractView accountType={accountType} initial={initial} />
    </SigningFrame>
  );
}
