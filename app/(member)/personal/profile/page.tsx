import { ProfileRoute, profileMetadata } from "@/components/profile/profile-route";

export const generateMetadata = profileMetadata;

export default function Page() {
  return <ProfileRoute accountType="personal" />;
}
