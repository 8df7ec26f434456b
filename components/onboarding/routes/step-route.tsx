import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import type { AccountType } from "@/lib/vocabulary";
import { requireOnboardingSession } from "@/web/onboarding-server";
import { OnboardingPage } from "../onboarding-page";

/** The steps whose title and intro name the account type. */
type StepNamespace = "ProfileForm" | "IdUpload";

/** The page title of such a step: its messages' title for the account type. */
export async function stepMetadata(namespace: StepNamespace, accountType: AccountType): Promise<Metadata> {
  const t = await getTranslations(namespace);
  return { title: t("title", { type: accountType }) };
}

/**
 * Such a step's page: only for a member of the account type who is still onboarding, framed with
 * its title, intro and the way back to the dashboard. `children` is the step's form.
 */
export async function StepRoute({
  namespace,
  accountType,
  titleId,
  wide,
  children,
}: {
  namespace: StepNamespace;
  accountType: AccountType;
  titleId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  await requireOnboardingSession(accountType);
  const t = await getTranslations(namespace);
  return (
    <OnboardingPage
      titleId={titleId}
      title={t("title", { type: accountType })}
      intro={t("intro", { type: accountType })}
      backLabel={t("backToDashboard")}
      wide={wide}
    >
      {children}
    </OnboardingPage>
  );
}
