import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadAdminUser } from "@/components/admin/admin-data.server";
import { UserDetailView } from "@/components/admin/user-detail-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminUser.detail");
  return { title: t("profileTitle") };
}

/** /admin/user-management/profile/{id}: the user view plus actions and audit trail. */
export default async function AdminUserProfilePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const initial = await loadAdminUser(id, { invites: true });
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <UserDetailView userId={id} variant="profile" initial={initial} />
    </main>
  );
}
