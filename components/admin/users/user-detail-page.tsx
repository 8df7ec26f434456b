import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadAdminUser } from "../shared/admin-data.server";
import { UserDetailView } from "./user-detail-view";

type UserDetailVariant = "view" | "profile";

/** The `generateMetadata` of a user's page: the browser tab shows the variant's title. */
export function userDetailMetadata(variant: UserDetailVariant) {
  return async (): Promise<Metadata> => {
    const t = await getTranslations("AdminUser.detail");
    return { title: t(variant === "profile" ? "profileTitle" : "viewTitle") };
  };
}

/** A user's page: the user, their media and invites come with the first render. */
export async function UserDetailPage({
  params,
  variant,
}: {
  params: Promise<{ id: string }>;
  variant: UserDetailVariant;
}) {
  const { id } = await params;
  const initial = await loadAdminUser(id, { invites: true, evidence: true });
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <UserDetailView userId={id} variant={variant} initial={initial} />
    </main>
  );
}
