import { AdminPage, adminPageMetadata } from "@/components/admin/shared/admin-page";
import type { SearchParams } from "@/components/admin/shared/list-query";
import { readVerifyQueueQuery } from "@/components/admin/shared/read-list-queries";
import { ChangeReviewQueue } from "@/components/admin/verify/change-review-queue";
import { ExpiredIdQueue } from "@/components/admin/verify/expired-id-queue";
import { VerifyQueue } from "@/components/admin/verify/verify-queue";
import { verifyQueueApiPath } from "@/components/admin/verify/verify-queue-query";
import { adminVerificationApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { changeReviewListSchema } from "@/lib/schemas/admin";
import { pendingUsersResponseSchema } from "@/lib/schemas/admin-user";
import { expiredIdListSchema } from "@/lib/schemas/id-expiry";
import { apiGetAsUser, apiLoadAsUser } from "@/web/api-server";

export const generateMetadata = adminPageMetadata("AdminUser.queue");

/**
 * /admin/verify-users: the queue of users waiting for approval (loaded with the first
 * render, for the search, type, page and size of the URL), the members whose ID has expired
 * and who need to upload a new one, then the changes approved members made to their ID
 * documents or bank details.
 */
export default async function VerifyUsersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = readVerifyQueueQuery(await searchParams);
  const [data, reviews, expiredIds] = await Promise.all([
    apiGetAsUser(verifyQueueApiPath(query), pendingUsersResponseSchema),
    apiLoadAsUser(apiPath(adminVerificationApi.changeReviews), changeReviewListSchema),
    apiLoadAsUser(apiPath(adminVerificationApi.expiredIds), expiredIdListSchema),
  ]);
  return (
    <AdminPage namespace="AdminUser.queue" id="verify-users-title">
      <VerifyQueue query={query} data={data} />
      <ExpiredIdQueue initial={expiredIds} />
      <ChangeReviewQueue initial={reviews} />
    </AdminPage>
  );
}
