import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { getSession } from "@/lib/web/session-server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ProfilePage");
  return { title: t("title") };
}

/** Spec §2: /profile goes to the page of the account's type. */
export default async function ProfileRedirect() {
  const session = await getSession();
  if (!session) redirect("/login");
  redirect(session.user.userType === "company" ? "/company/profile" : "/personal/profile");
}
