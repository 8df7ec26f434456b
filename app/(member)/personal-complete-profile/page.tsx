import { CompleteProfileRoute, profileMetadata } from "@/components/onboarding/routes/complete-profile";

export const generateMetadata = () => profileMetadata("personal");

export default function Page() {
  return <CompleteProfileRoute accountType="personal" />;
}
