"use client";

import { useTranslations } from "next-intl";
import { adminUserApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { adminFullUserSchema, userMediaResponseSchema } from "../admin-schemas.lazy";
import type { FullUser } from "./admin-user";
import type { MediaItem } from "./media-items";
import { useAdminResource } from "./use-admin-resource";

/**
 * One user as the admin pages show them: the full record (adminUserApi.full)
 * and their ID images and contracts (adminUserApi.documents). `initial` is what the
 * page loaded on the server; a part it could not load is fetched here.
 */
export function useUserDetail(userId: string, initial?: { full?: FullUser; media?: MediaItem[] }) {
  const t = useTranslations("AdminUser");
  const { load, setData } = useAdminResource(
    apiPath(adminUserApi.full, { id: userId }),
    adminFullUserSchema,
    (reason) => t("detail.loadFailed", { reason }),
    initial?.full,
  );
  const { load: media } = useAdminResource(
    apiPath(adminUserApi.documents, { id: userId }),
    userMediaResponseSchema,
    (reason) => t("media.loadFailed", { reason }),
    initial?.media,
  );
  return { load, setData, media };
}
