import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChangeReviewQueue } from "@/components/admin/change-review-queue";
import { CHANGE_REVIEWS_PATH } from "@/components/admin/dashboard-paths";
import { ExpiredIdQueue } from "@/components/admin/expired-id-queue";
import type { SearchParams } from "@/components/admin/list-query";
import { VerifyQueue } from "@/components/admin/verify-queue";
import { readVerifyQueueQuery, verifyQueueApiPath } from "@/components/admin/verify-queue-query";
import { PageHeader } from "@/components/ui/page-header";
import { changeReviewListSchema } from "@/lib/schemas/admin";
import { pendingUsersResponseSchema } from "@/lib/schemas/admin-user";
import { EXPIRED_IDS_PATH, expiredIdListSchema } from "@/lib/schemas/id-expiry";
import { apiGetAsUser, apiLoadAsUser } from "@/web/api-server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminUser.queue");
  return { title: t("title") };
}

/**
 * /admin/verify-users: the queue of users waiting for approval (loaded with the first
 * render, for the search, type, page and size of the URL), the members whose ID has expired
 * and who need to upload a new one, then the changes approved members made to their ID
 * documents or bank details.
 */
export default async function VerifyUsersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const t = await getTranslations("AdminUser.queue");
  const query = readVerifyQueueQuery(await searchParams);
  const [data, reviews, expiredIds] = await Promise.all([
    apiGetAsUser(verifyQueueApiPath(query), pendingUsersResponseSchema),
    apiLoadAsUser(CHANGE_REVIEWS_PATH, changeReviewListSchema),
    apiLoadAsUser(EXPIRED_IDS_PATH, expiredIdListSchema),
  ]);
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader id="verify-users-title" title={t("title")} description={t("subtitle")} />
      <VerifyQueue query={query} data={data} />
      <ExpiredIdQueue initial={expiredIds} />
      <ChangeReviewQueue initial={reviews} />
    </main>
  );
}
