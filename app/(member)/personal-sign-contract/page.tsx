import { signContractMetadata } from "@/components/onboarding/routes/sign-contract";
import { SignContractPage } from "@/components/onboarding/sign-contract/sign-contract-page";

export const generateMetadata = signContractMetadata;

export default function Page() {
  return <SignContractPage accountType="personal" />;
}
