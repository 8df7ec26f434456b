import { getTranslations } from "next-intl/server";
import { PasswordResetSetForm, ResetLinkProblem } from "@/components/auth/password-reset-set-form";
import { publicMetadata, queryParam, type SearchParams } from "@/components/layout/public-page";
import { PublicCard } from "@/components/ui/card";

export const generateMetadata = publicMetadata("PasswordResetSet", { tokenInUrl: true });

/** /password-reset-set?token=…: check the link, then set a new password. */
export default async function PasswordResetSetPage({ searchParams }: { searchParams: SearchParams }) {
  const t = await getTranslations("PasswordResetSet");
  const token = await queryParam(searchParams, "token");
  return (
    <PublicCard title={t("title")} labelledBy="password-reset-set-title">
      {token ? <PasswordResetSetForm token={token} /> : <ResetLinkProblem message={t("missingToken")} />}
    </PublicCard>
  );
}
