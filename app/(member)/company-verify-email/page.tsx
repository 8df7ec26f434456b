import { VerifyEmailRoute, verifyEmailMetadata } from "@/components/onboarding/routes/verify-email";

export const generateMetadata = verifyEmailMetadata;

export default function Page() {
  return <VerifyEmailRoute accountType="company" />;
}
