import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireOnboardingSession } from "@/lib/web/onboarding-server";
import { IdUploadForm } from "./id-upload-form";
import { OnboardingPage } from "./onboarding-page";
import { ProfileForm } from "./profile-form";
import type { AccountType } from "./profile-layout";
import { VerifyEmail } from "./verify-email";

/**
 * The onboarding steps that exist once per account type (`/personal-…` and `/company-…`): each
 * route file passes its type to one of these.
 */

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

export async function signContractMetadata(): Promise<Metadata> {
  const t = await getTranslations("SignContract");
  return { title: t("title") };
}
