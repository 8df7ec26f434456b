import { CompleteProfileRoute, completeProfileMetadata } from "@/components/onboarding/onboarding-routes";

export const generateMetadata = () => completeProfileMetadata("personal");

export default function Page() {
  return <CompleteProfileRoute accountType="personal" />;
}
