import { IdUploadRoute, idUploadMetadata } from "@/components/onboarding/onboarding-routes";

export const generateMetadata = () => idUploadMetadata("personal");

export default function Page() {
  return <IdUploadRoute accountType="personal" />;
}
