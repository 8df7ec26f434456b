import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { AccountType } from "@/lib/vocabulary";
import { dashboardWithNotice } from "@/web/notices";
import { requireSession } from "@/web/session-server";
import { ProfileView } from "./profile-view";

export async function profileMetadata(): Promise<Metadata> {
  const t = await getTranslations("ProfilePage");
  return { title: t("title") };
}

/** `/personal/profile` and `/company/profile`: the proxy guards the type optimistically; the server checks again. */
export async function ProfileRoute({ accountType }: { accountType: AccountType }) {
  const session = await requireSession();
  if (session.user.userType !== accountType) redirect(dashboardWithNotice(`${accountType}-only`));
  return <ProfileView user={session.user} />;
}
