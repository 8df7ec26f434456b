import "server-only";
import { adminFullUserSchema, adminUserDocumentsSchema } from "@/lib/schemas/admin-user";
import { apiGetAsUser } from "@/lib/web/api-server";
import { type FullUser, type MediaItem, toMediaItems } from "./user-detail-data";

/**
 * One user and their documents for the first render of the admin user pages. A part that
 * fails comes back undefined: the page then loads it in the browser, which can tell a missing
 * user from a failed call and show the matching message.
 */
export async function loadAdminUser(userId: string): Promise<{ full?: FullUser; media?: MediaItem[] }> {
  const encoded = encodeURIComponent(userId);
  const [full, documents] = await Promise.all([
    apiGetAsUser(`/api/auth/admin/users/${encoded}/full`, adminFullUserSchema),
    apiGetAsUser(`/api/admin/user/${encoded}/documents`, adminUserDocumentsSchema),
  ]);
  return { full: full ?? undefined, media: documents ? toMediaItems(documents) : undefined };
}
