"use client";

import { useTranslations } from "next-intl";
import { adminFullUserSchema, userMediaResponseSchema } from "../admin-schemas.lazy";
import type { FullUser } from "./admin-user";
import type { MediaItem } from "./media-items";
import { useAdminResource } from "./use-admin-resource";

/**
 * One user as the admin pages show them: the full record (GET /api/auth/admin/users/{id}/full)
 * and their ID images and contracts (GET /api/admin/user/{id}/documents). `initial` is what the
 * page loaded on the server; a part it could not load is fetched here.
 */
export function useUserDetail(userId: string, initial?: { full?: FullUser; media?: MediaItem[] }) {
  const t = useTranslations("AdminUser");
  const encodedId = encodeURIComponent(userId);
  const { load, setData } = useAdminResource(
    `/api/auth/admin/users/${encodedId}/full`,
    adminFullUserSchema,
    (reason) => t("detail.loadFailed", { reason }),
    initial?.full,
  );
  const { load: media } = useAdminResource(
    `/api/admin/user/${encodedId}/documents`,
    userMediaResponseSchema,
    (reason) => t("media.loadFailed", { reason }),
    initial?.media,
  );
  return { load, setData, media };
}
