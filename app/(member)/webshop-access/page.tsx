import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MemberPage } from "@/components/layout/member-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("WebshopAccess");
  return { title: t("title") };
}

const REASONS = ["awaiting_approval", "suspended", "deleted"] as const;

/**
 * Where the webshop's sign-in sends a member it gives no code: it says why (the API's
 * `member_status`), in the page's language. Any other reason in the address reads as "start again".
 */
export default async function WebshopAccessPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const t = await getTranslations("WebshopAccess");
  const { reason } = await searchParams;
  const known = REASONS.find((candidate) => candidate === reason) ?? "unknown";
  return (
    <MemberPage
      id="webshop-access-title"
      title={t("title")}
      description={<p data-testid="webshop-access-reason">{t(known)}</p>}
      backLabel={t("backToDashboard")}
      narrow
    />
  );
}
