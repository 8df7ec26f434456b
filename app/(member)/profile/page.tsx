import { redirect } from "next/navigation";
import { profileMetadata } from "@/components/profile/profile-route";
import { requireSession } from "@/web/session-server";

export const generateMetadata = profileMetadata;

/** /profile goes to the page of the account's type. */
export default async function ProfileRedirect() {
  const session = await requireSession();
  redirect(session.user.userType === "company" ? "/company/profile" : "/personal/profile");
}
