import { redirect } from "next/navigation";
import { ProfileView } from "@/components/profile/profile-view";
import { getSession } from "@/lib/web/session-server";

export default async function PersonalProfilePage() {
  const session = await getSession();
  if (!session) redirect("/login");
  // The proxy guards the type optimistically; the server checks again.
  if (session.user.userType !== "personal") redirect("/dashboard");
  return <ProfileView user={session.user} />;
}
