import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { IdUploadForm } from "@/components/onboarding/id-upload-form";
import { OnboardingPage } from "@/components/onboarding/onboarding-page";
import { requireOnboardingSession } from "@/lib/web/onboarding-server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("IdUpload");
  return { title: t("title", { type: "personal" }) };
}

/** Spec §2 /personal-id-upload. */
export default async function PersonalIdUploadPage() {
  await requireOnboardingSession("personal");
  const t = await getTranslations("IdUpload");
  return (
    <OnboardingPage
      titleId="id-upload-title"
      title={t("title", { type: "personal" })}
      intro={t("intro", { type: "personal" })}
      backLabel={t("backToDashboard")}
    >
      <IdUploadForm accountType="personal" />
    </OnboardingPage>
  );
}
