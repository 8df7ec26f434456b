import {
  CompleteProfileRoute,
  completeProfileMetadata,
} from "@/components/onboarding/routes/complete-profile";

export const generateMetadata = () => completeProfileMetadata("company");

export default function Page() {
  return <CompleteProfileRoute accountType="company" />;
}
