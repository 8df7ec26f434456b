import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CompanyProfileForm } from "@/components/onboarding/company-profile-form";
import { OnboardingPage } from "@/components/onboarding/onboarding-page";
import { requireOnboardingSession } from "@/lib/web/onboarding-server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ProfileForm");
  return { title: t("title", { type: "company" }) };
}

/** Spec §2 /company-complete-profile. */
export default async function CompanyCompleteProfilePage() {
  await requireOnboardingSession("company");
  const t = await getTranslations("ProfileForm");
  return (
    <OnboardingPage
      titleId="complete-profile-title"
      title={t("title", { type: "company" })}
      intro={t("intro", { type: "company" })}
      backLabel={t("backToDashboard")}
      wide
    >
      <CompanyProfileForm />
    </OnboardingPage>
  );
}
