import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { OnboardingPage } from "@/components/onboarding/onboarding-page";
import { VerifyEmail } from "@/components/onboarding/verify-email";
import { requireOnboardingSession } from "@/lib/web/onboarding-server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("VerifyEmail");
  return { title: t("title") };
}

/** Spec §2 /company-verify-email. */
export default async function CompanyVerifyEmailPage() {
  await requireOnboardingSession("company");
  const t = await getTranslations("VerifyEmail");
  return (
    <OnboardingPage titleId="verify-email-title" title={t("title")} backLabel={t("backToDashboard")}>
      <VerifyEmail />
    </OnboardingPage>
  );
}
