import {
  CompleteProfileRoute,
  completeProfileMetadata,
} from "@/components/onboarding/routes/complete-profile";

export const generateMetadata = () => completeProfileMetadata("personal");

export default function Page() {
  return <CompleteProfileRoute accountType="personal" />;
}
