import { CompleteProfileRoute, completeProfileMetadata } from "@/components/onboarding/onboarding-routes";

export const generateMetadata = () => completeProfileMetadata("company");

export default function Page() {
  return <CompleteProfileRoute accountType="company" />;
}
