import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChangeReviewQueue } from "@/components/admin/change-review-queue";
import { VerifyQueue } from "@/components/admin/verify-queue";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminUser.queue");
  return { title: t("title") };
}

/**
 * Spec §2 /admin/verify-users: the queue of users waiting for approval, then the changes
 * approved members made to their ID documents or bank details.
 */
export default async function VerifyUsersPage() {
  const t = await getTranslations("AdminUser.queue");
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <section aria-labelledby="verify-users-title" className="rounded-2xl bg-white p-4 shadow-xl sm:p-6">
        <h1 id="verify-users-title" className="text-2xl font-semibold text-slate-900">
          {t("title")}
        </h1>
        <p className="mt-1 text-slate-700">{t("subtitle")}</p>
      </section>
      <VerifyQueue />
      <ChangeReviewQueue />
    </main>
  );
}
