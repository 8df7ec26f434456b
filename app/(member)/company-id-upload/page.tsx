import { IdUploadRoute, idUploadMetadata } from "@/components/onboarding/onboarding-routes";

export const generateMetadata = () => idUploadMetadata("company");

export default function Page() {
  return <IdUploadRoute accountType="company" />;
}
