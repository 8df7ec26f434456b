import { VerifyEmailRoute, verifyEmailMetadata } from "@/components/onboarding/onboarding-routes";

export const generateMetadata = verifyEmailMetadata;

export default function Page() {
  return <VerifyEmailRoute accountType="personal" />;
}
