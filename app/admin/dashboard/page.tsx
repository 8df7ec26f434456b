import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DashboardOverview } from "@/components/admin/dashboard-overview";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminArea.dashboard");
  return { title: t("title") };
}

/** Spec §2 /admin/dashboard (the admin layout has checked the role). */
export default async function AdminDashboardPage() {
  const t = await getTranslations("AdminArea.dashboard");
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <section aria-labelledby="admin-dashboard-title" className="rounded-2xl bg-white p-6 shadow-xl">
        <h1 id="admin-dashboard-title" className="text-2xl font-semibold text-slate-900">
          {t("title")}
        </h1>
        <p className="mt-1 text-slate-700">{t("subtitle")}</p>
      </section>
      <DashboardOverview />
    </main>
  );
}
