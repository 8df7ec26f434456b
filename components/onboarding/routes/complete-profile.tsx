import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireOnboardingSession } from "@/web/onboarding-server";
import { OnboardingPage } from "../onboarding-page";
import { ProfileForm } from "../profile-form";
import type { AccountType } from "../profile-layout";

// One module per step: a page's bundle holds the client components its module graph imports,
// so a shared module of all the steps would send every step's form (the profile form with its
// phone metadata among them) to each step's page.

/** `/personal-complete-profile` and `/company-complete-profile`. */
export async function completeProfileMetadata(accountType: AccountType): Promise<Metadata> {
  const t = await getTranslations("ProfileForm");
  return { title: t("title", { type: accountType }) };
}

export async function CompleteProfileRoute({ accountType }: { accountType: AccountType }) {
  await requireOnboardingSession(accountType);
  const t = await getTranslations("ProfileForm");
  return (
    <OnboardingPage
      titleId="complete-profile-title"
      title={t("title", { type: accountType })}
      intro={t("intro", { type: accountType })}
      backLabel={t("backToDashboard")}
      wide
    >
      <ProfileForm accountType={accountType} />
    </OnboardingPage>
  );
}
