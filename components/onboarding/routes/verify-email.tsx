import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { AccountType } from "@/lib/vocabulary";
import { requireOnboardingSession } from "@/web/onboarding-server";
import { OnboardingPage } from "../onboarding-page";
import { VerifyEmail } from "../verify-email";

// One module per step: a page's bundle holds the client components its module graph imports,
// so a shared module of all the steps would send every step's form (the profile form with its
// phone metadata among them) to each step's page.

/** `/personal-verify-email` and `/company-verify-email`. */
export async function verifyEmailMetadata(): Promise<Metadata> {
  const t = await getTranslations("VerifyEmail");
  return { title: t("title") };
}

export async function VerifyEmailRoute({ accountType }: { accountType: AccountType }) {
  await requireOnboardingSession(accountType);
  const t = await getTranslations("VerifyEmail");
  return (
    <OnboardingPage titleId="verify-email-title" title={t("title")} backLabel={t("backToDashboard")}>
      <VerifyEmail />
    </OnboardingPage>
  );
}
