import { redirect } from "next/navigation";
import { getSession } from "@/lib/web/session-server";

/** Spec §2: /profile goes to the page of the account's type. */
export default async function ProfileRedirect() {
  const session = await getSession();
  if (!session) redirect("/login");
  redirect(session.user.userType === "company" ? "/company/profile" : "/personal/profile");
}
