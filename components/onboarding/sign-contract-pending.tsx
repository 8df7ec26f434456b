import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { canSignContract } from "@/lib/schemas/onboarding";
import { getOnboardingStatus, requireOnboardingSession } from "@/lib/web/onboarding-server";
import { OnboardingPage } from "./onboarding-page";

/**
 * The sign-contract route until contract signing is built (issue 7): the eligibility check of
 * spec §4, then an honest notice. proxy.ts refuses the route with the spec's toast; this is the
 * server's own check, and a failed status call counts as 'not eligible' (spec §4).
 */
export async function SignContractPending({ accountType }: { accountType: "personal" | "company" }) {
  await requireOnboardingSession(accountType);
  const status = await getOnboardingStatus();
  if (!status || !canSignContract(status)) redirect("/dashboard?notice=sign-blocked");
  const t = await getTranslations("ProfileForm.signContract");
  return (
    <OnboardingPage titleId="sign-contract-title" title={t("title")} backLabel={t("backToDashboard")}>
      <p className="rounded-lg border border-slate-300 bg-slate-50 p-4 text-slate-800">{t("body")}</p>
    </OnboardingPage>
  );
}
