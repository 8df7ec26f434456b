import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PasswordResetSetForm, ResetLinkProblem } from "@/components/auth/password-reset-set-form";
import { VisitorHeader } from "@/components/layout/visitor-header";
import { PublicCard } from "@/components/ui/card";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("PasswordResetSet");
  // The URL carries the reset token: it must not leak in a Referer to another site or be indexed.
  return { title: t("title"), referrer: "no-referrer", robots: { index: false, follow: false } };
}

/** /password-reset-set?token=…: check the link, then set a new password. */
export default async function PasswordResetSetPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const t = await getTranslations("PasswordResetSet");
  const { token } = await searchParams;
  const value = (Array.isArray(token) ? token[0] : token)?.trim();
  return (
    <>
      <VisitorHeader />
      <PublicCard title={t("title")} labelledBy="password-reset-set-title">
        {value ? <PasswordResetSetForm token={value} /> : <ResetLinkProblem message={t("missingToken")} />}
      </PublicCard>
    </>
  );
}
