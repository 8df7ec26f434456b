import type { AccountType } from "@/lib/vocabulary";
import { webEnv } from "@/web/env";
import { IdUploadForm } from "../id-upload-form";
import { StepRoute, stepMetadata } from "./step-route";

// One module per step: a page's bundle holds the client components its module graph imports,
// so a shared module of all the steps would send every step's form (the profile form with its
// phone metadata among them) to each step's page.

/** `/personal-id-upload` and `/company-id-upload`. */
export const idUploadMetadata = (accountType: AccountType) => stepMetadata("IdUpload", accountType);

export function IdUploadRoute({ accountType }: { accountType: AccountType }) {
  return (
    <StepRoute namespace="IdUpload" accountType={accountType} titleId="id-upload-title">
      <IdUploadForm accountType={accountType} privacyUrl={webEnv().PRIVACY_URL} />
    </StepRoute>
  );
}
