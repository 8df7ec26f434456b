import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { OnboardingPage } from "@/components/onboarding/onboarding-page";
import { PersonalProfileForm } from "@/components/onboarding/personal-profile-form";
import { requireOnboardingSession } from "@/lib/web/onboarding-server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ProfileForm");
  return { title: t("title", { type: "personal" }) };
}

/** Spec §2 /personal-complete-profile. */
export default async function PersonalCompleteProfilePage() {
  await requireOnboardingSession("personal");
  const t = await getTranslations("ProfileForm");
  return (
    <OnboardingPage
      titleId="complete-profile-title"
      title={t("title", { type: "personal" })}
      intro={t("intro", { type: "personal" })}
      backLabel={t("backToDashboard")}
      wide
    >
      <PersonalProfileForm />
    </OnboardingPage>
  );
}
