import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadAdminUser } from "@/components/admin/shared/admin-data.server";
import { VerifyUserPanel } from "@/components/admin/verify/verify-user-panel";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminUser.verify");
  return { title: t("title") };
}

/** /admin/user-management/verify/{id}: review a pending user, then verify or send back. */
export default async function AdminVerifyUserPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const initial = await loadAdminUser(id, { permissions: true });
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <VerifyUserPanel userId={id} initial={initial} />
    </main>
  );
}
