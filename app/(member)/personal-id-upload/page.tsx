import { IdUploadRoute, idUploadMetadata } from "@/components/onboarding/routes/id-upload";

export const generateMetadata = () => idUploadMetadata("personal");

export default function Page() {
  return <IdUploadRoute accountType="personal" />;
}
