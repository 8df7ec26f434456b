import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireOnboardingSession } from "@/web/onboarding-server";
import { IdUploadForm } from "../id-upload-form";
import { OnboardingPage } from "../onboarding-page";
import type { AccountType } from "../profile-layout";

// One module per step: a page's bundle holds the client components its module graph imports,
// so a shared module of all the steps would send every step's form (the profile form with its
// phone metadata among them) to each step's page.

/** `/personal-id-upload` and `/company-id-upload`. */
export async function idUploadMetadata(accountType: AccountType): Promise<Metadata> {
  const t = await getTranslations("IdUpload");
  return { title: t("title", { type: accountType }) };
}

export async function IdUploadRoute({ accountType }: { accountType: AccountType }) {
  await requireOnboardingSession(accountType);
  const t = await getTranslations("IdUpload");
  return (
    <OnboardingPage
      titleId="id-upload-title"
      title={t("title", { type: accountType })}
      intro={t("intro", { type: accountType })}
      backLabel={t("backToDashboard")}
    >
      <IdUploadForm accountType={accountType} />
    </OnboardingPage>
  );
}
