import { IdUploadRoute, idUploadMetadata } from "@/components/onboarding/routes/id-upload";

export const generateMetadata = () => idUploadMetadata("company");

export default function Page() {
  return <IdUploadRoute accountType="company" />;
}
