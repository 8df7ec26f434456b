import type { ReactNode } from "react";
import { OnboardingPage } from "../onboarding-page";
import { DesktopOnly } from "./desktop-only";

/**
 * The frame of a signing page: the wide onboarding card with its title and the way back, and the
 * signing itself only on a large screen (`name` makes the ids of both variants).
 */
export function SigningFrame({
  name,
  titleId,
  title,
  backLabel,
  children,
}: {
  name: string;
  titleId: string;
  title: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <OnboardingPage titleId={titleId} title={title} backLabel={backLabel} wide>
      <DesktopOnly name={name}>{children}</DesktopOnly>
    </OnboardingPage>
  );
}
