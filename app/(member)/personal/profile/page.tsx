import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ProfileView } from "@/components/profile/profile-view";
import { getSession } from "@/lib/web/session-server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ProfilePage");
  return { title: t("title") };
}

export default async function PersonalProfilePage() {
  const session = await getSession();
  if (!session) redirect("/login");
  // The proxy guards the type optimistically; the server checks again.
  if (session.user.userType !== "personal") redirect("/dashboard");
  return <ProfileView user={session.user} />;
}
