import { CompleteProfileRoute, profileMetadata } from "@/components/onboarding/routes/complete-profile";

export const generateMetadata = () => profileMetadata("company");

export default function Page() {
  return <CompleteProfileRoute accountType="company" />;
}
