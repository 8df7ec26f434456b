import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

type PublicNamespace = "Login" | "PasswordReset" | "PasswordResetSet" | "Register";

/**
 * A visitor page's `generateMetadata`: the title of its messages. A page whose URL carries a
 * token (`tokenInUrl`) keeps it out of Referer headers sent to other sites and out of search indexes.
 */
export function publicMetadata(namespace: PublicNamespace, { tokenInUrl = false } = {}) {
  return async function generateMetadata(): Promise<Metadata> {
    const t = await getTranslations(namespace);
    if (!tokenInUrl) return { title: t("title") };
    return { title: t("title"), referrer: "no-referrer", robots: { index: false, follow: false } };
  };
}

/** A page's query parameters, as Next.js passes them. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The first value of a query parameter, trimmed (undefined when absent). */
export async function queryParam(searchParams: SearchParams, name: string) {
  const value = (await searchParams)[name];
  return (Array.isArray(value) ? value[0] : value)?.trim();
}
