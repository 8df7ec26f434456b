import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { IdUploadForm } from "@/components/onboarding/id-upload-form";
import { OnboardingPage } from "@/components/onboarding/onboarding-page";
import { requireOnboardingSession } from "@/lib/web/onboarding-server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("IdUpload");
  return { title: t("title", { type: "company" }) };
}

/** Spec §2 /company-id-upload. */
export default async function CompanyIdUploadPage() {
  await requireOnboardingSession("company");
  const t = await getTranslations("IdUpload");
  return (
    <OnboardingPage
      titleId="id-upload-title"
      title={t("title", { type: "company" })}
      intro={t("intro", { type: "company" })}
      backLabel={t("backToDashboard")}
    >
      <IdUploadForm accountType="company" />
    </OnboardingPage>
  );
}
