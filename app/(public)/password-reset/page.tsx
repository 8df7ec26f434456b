import { getTranslations } from "next-intl/server";
import { LoginLink } from "@/components/auth/login-link";
import { PasswordResetRequestForm } from "@/components/auth/password-reset-request-form";
import { publicMetadata } from "@/components/layout/public-page";
import { PublicCard } from "@/components/ui/card";

export const generateMetadata = publicMetadata("PasswordReset");

/** /password-reset: ask for a reset link by email. */
export default async function PasswordResetPage() {
  const t = await getTranslations("PasswordReset");
  return (
    <PublicCard title={t("title")} labelledBy="password-reset-title">
      <p className="-mt-2 mb-4 text-slate-700">{t("intro")}</p>
      <PasswordResetRequestForm />
      <LoginLink className="mt-6 text-center text-sm">{t("backToLogin")}</LoginLink>
    </PublicCard>
  );
}
