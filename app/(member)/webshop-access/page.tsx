import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { linkClass } from "@/components/ui/styles";

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
    <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        id="webshop-access-title"
        title={t("title")}
        description={<p data-testid="webshop-access-reason">{t(known)}</p>}
        actions={
          <Link href="/dashboard" className={linkClass}>
            {t("backToDashboard")}
          </Link>
        }
      />
    </main>
  );
}
