import type { AccountType } from "@/lib/vocabulary";
import { webEnv } from "@/web/env";
import { ProfileForm } from "../profile-form";
import { StepRoute, stepMetadata } from "./step-route";

// One module per step: a page's bundle holds the client components its module graph imports,
// so a shared module of all the steps would send every step's form (the profile form with its
// phone metadata among them) to each step's page.

/** `/personal-complete-profile` and `/company-complete-profile`. */
export const profileMetadata = (accountType: AccountType) => stepMetadata("ProfileForm", accountType);

export function CompleteProfileRoute({ accountType }: { accountType: AccountType }) {
  return (
    <StepRoute namespace="ProfileForm" accountType={accountType} titleId="complete-profile-title" wide>
      <ProfileForm accountType={accountType} privacyUrl={webEnv().PRIVACY_URL} />
    </StepRoute>
  );
}
