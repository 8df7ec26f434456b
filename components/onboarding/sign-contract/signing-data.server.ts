import "server-only";
import { getLocale } from "next-intl/server";
import type { z } from "zod";
import { contractApi } from "@/lib/api/contracts";
import { apiPath } from "@/lib/api/endpoint";
import {
  contractListResponseSchema,
  memberTemplatesResponseSchema,
  resignTemplatesResponseSchema,
} from "@/lib/schemas/contracts";
import { apiGetAsUser } from "@/web/api-server";
import type { MemberTemplates, ResignTemplates, SigningData } from "./use-contract-data";

/**
 * The templates (from `path`) and the member's signed contracts for the first render of a
 * signing page; null when either call fails, and the browser then loads them itself (and can
 * show the failure with a retry).
 */
async function loadSigningData<T extends z.ZodType>(path: string, schema: T) {
  const [templates, signed] = await Promise.all([
    apiGetAsUser(path, schema),
    apiGetAsUser(apiPath(contractApi.mine), contractListResponseSchema),
  ]);
  if (!templates || !signed) return null;
  return { templates, signed: signed.contracts, loadedAt: Date.now() };
}

/** The sign-contract page's templates in the page's language, with their 'done' marks. */
export async function loadContractSigningData(): Promise<SigningData<MemberTemplates> | null> {
  const locale = await getLocale();
  return loadSigningData(apiPath(contractApi.templates, { lang: locale }), memberTemplatesResponseSchema);
}

/** The re-sign page's templates (not per language). */
export function loadResignData(): Promise<SigningData<ResignTemplates> | null> {
  return loadSigningData(apiPath(contractApi.resignList), resignTemplatesResponseSchema);
}
