import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadAdminUser } from "@/components/admin/admin-data.server";
import { UserDetailView } from "@/components/admin/user-detail-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminUser.detail");
  return { title: t("viewTitle") };
}

/** /admin/user-management/view/{id}: read-only profile, media and permissions. */
export default async function AdminUserViewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const initial = await loadAdminUser(id, { invites: true });
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <UserDetailView userId={id} variant="view" initial={initial} />
    </main>
  );
}
